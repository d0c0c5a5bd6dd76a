// Package readme holds the test that runs README.md's shell blocks as a
// reader would paste them, so that what the README says stays true.
package readme
