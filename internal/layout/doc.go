// Package layout holds the test that keeps the import rules and size
// limits of ARCHITECTURE.md; it has no code of its own.
package layout
