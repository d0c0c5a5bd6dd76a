// Package pgn writes finished games as PGN records and reads opening suites
// (EPD positions and PGN openings) to start games from.
//
// Suites are indexed, not parsed: OpenSuite keeps the raw file bytes and the
// offset of every entry, and Opening parses only the entry asked for, so a
// suite of a quarter of a million positions opens in a fraction of a second.
package pgn
