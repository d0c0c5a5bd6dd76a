not executable
