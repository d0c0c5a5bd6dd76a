// Package chess is autoplay's one chess core, shared by the built-in
// engine's search, the runner (legality, game status, SAN for the PGN) and
// the opening reader: Position (bitboards, legal move generation,
// make/unmake with incremental Zobrist hashing, FEN, X-FEN and Shredder-FEN
// in and out, UCI and SAN moves, Chess960 castling with rights kept per rook
// file, game status and FIDE repetition keys, Polyglot keys) and Chess960
// start arrays. Position.Play, Status, Hash, AppendSAN and AppendFEN do not
// allocate once the game history has grown.
//
// A Position also carries a Variant (variant.go): crazyhouse, antichess,
// atomic and the other 8x8 variants of cutechess-cli, as Fairy-Stockfish
// defines them. Chess takes the standard path; a variant is sent to its
// own generator and make/unmake by one check at the top of generate,
// MakeMove and UnmakeMove (variant_movegen.go, variant_make.go), so chess
// pays one predictable branch and nothing else: its per-node calls stay
// as small as they were before variants, and inlined (inline_test.go).
// ParseVariantFEN, NewVariantPosition and Outcome (the ending and its
// winner) are what a GUI calls.
package chess
