/*
 * External scanner for the cute-ir grammar.
 *
 * It decides where a statement (operation or alias definition) and where a block begins.
 * MLIR custom op syntax is free-form, so the parser cannot tell "another token of this op"
 * from "the first token of the next op" with one token of lookahead. This scanner looks
 * further ahead (without consuming anything: all its tokens are zero-width) and answers
 * only at real boundaries:
 *
 *   %r = dialect.op ...        %a, %b:2 = "d.op"(...)    (results, '=', then an op name)
 *   "dialect.op"(...)                                    (generic form)
 *   #alias = ...   !alias = ...                          (alias definitions)
 *   dialect.op ...  /  return ...                        (an op name first on its line,
 *                                                         not followed by = , : ( < etc.)
 *   ^bb0(%x: i32):                                       (block label: caret id, args, ':')
 *
 * Inside a bracket, a line that unmistakably starts a statement ends the bracket early with
 * `unclosed_bracket`, so a missing ')' or '>' never swallows the rest of the file. Which lines
 * count depends on the bracket (the closers are separate tokens, all named `unclosed_bracket`
 * in the tree):
 *
 *   closer            what it ends                next line that ends it
 *   UNCLOSED_BRACKET  `{...}` dictionary          a statement or block start, a split marker
 *   UNCLOSED_GROUP    `(...)` `[...]` `<...>`     also `}` or a dotted op name / `return`
 *   INCOMPLETE_OP     generic op without `: type` like UNCLOSED_GROUP
 *   UNCLOSED_REGION   `{` of a region             a split marker only
 *
 * MLIR's text does not care about line ends, so a statement may go on over several lines in
 * ways the rules above would cut:
 *
 *   %x =                          results at a line's end: INCOMPLETE_RESULTS ends the op only
 *     arith.addi %a, %b : i32     when the next line cannot be its name (`%y = ...`, `}`)
 *   func.return %a, %b : index,   a `,` `:` or `->` of an op's body at a line's end:
 *     index                       TRAILING_COMMA / _COLON / _ARROW (the punctuation itself,
 *                                 which must then be followed by more of the op) unless the
 *                                 next line unmistakably starts a statement
 *   }                             a keyword of an op's own format first on its line
 *   else {                        (CONTINUATION_WORDS: `else`, `to`, `step`, `threads`, ...)
 *                                 is never an op name
 *
 * A region written without its `{` (`scf.if %c` ending its line, the region's ops and its `}`
 * after it): REGION_OPEN_MISSING supplies the `{`, zero-width, where the next line starts the
 * region (see REGION_OPS, region_open_missing; after `else`, ELSE_REGION_OPEN_MISSING, after
 * scf.while's `do`, DO_REGION_OPEN_MISSING), so the braces around it keep their depth. Where
 * the next line is indented no deeper than the op's (the op typed before its `{`, the rest of
 * the block after it), REGION_MISSING instead is the region, the missing `{` alone, at the
 * header's end (after `else` / `do`, whose line's indent brace_column reads). Its second
 * and third bits of state say that the statement being read is such an op, and which of the
 * two; its fourth, that a supplied `{` stands right before a block label (which then starts
 * the region's first block, mid-line as the zero-width `{` leaves it).
 *
 * A split marker `// -----` (mlir-opt --split-input-file) closes everything that is open, so
 * no construct and no error recovery reaches into the next split; the grammar accepts the
 * marker only between top-level statements.
 *
 * The same decision yields `_stmt_end` after a statement (the next line starts another one)
 * and `_stmt_start` after a region's '{' (its first line starts a statement); the grammar
 * asks for one or the other, never both.
 *
 * Error recovery and the split marker: recovery either returns to an earlier parse state in
 * which its lookahead is valid, or skips the lookahead, whichever costs less. The marker is
 * valid only between top-level statements, so returning there ends the broken statement at
 * the marker. Skipping it would be cheaper than abandoning a long broken statement, so after
 * a marker that recovery lexed, the scanner answers the next lookahead with the whole next
 * split as one token (SPLIT_SKIPPED, valid nowhere): skipping on then costs more than
 * returning. Its one bit of state says that the last token was such a marker.
 *
 * A NUL byte inside the text is a blank, as MLIR's lexer reads it (only the NUL that ends
 * MLIR's buffer ends the text). The internal lexer cannot take one: its lookahead is 0 at the
 * end of the text as well, where a blank that matched 0 would never end. So the scanner's own
 * look-ahead reads a NUL as a blank, and a run of NULs it leaves to the internal lexer becomes
 * `_nul_blank`, an extra (see scan_nul_blank). A string that holds a NUL, which MLIR's lexer
 * takes as one of the string's characters, is lexed the same way: the internal lexer finds no
 * token in it, and in the lexing again this scanner takes the string whole (the external `string`).
 * So is a proper prefix of the split marker that ends the text (`// --` and no line end): the
 * grammar's comment regex takes one only with its line end (see grammar.js), and in the lexing
 * again this scanner takes it as a `comment`.
 */
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

enum TokenType {
  STMT_START, STMT_END, BLOCK_START, UNCLOSED_BRACKET, ERROR_SENTINEL,
  UNCLOSED_GROUP, UNCLOSED_REGION, INCOMPLETE_OP, SPLIT_MARKER, SPLIT_SKIPPED,
  INCOMPLETE_RESULTS, TRAILING_COMMA, TRAILING_COLON, TRAILING_ARROW, NUL_BLANK, NUL_STRING,
  MARKER_PREFIX_COMMENT, REGION_OPEN_MISSING, ELSE_REGION_OPEN_MISSING, REGION_MISSING,
  DO_REGION_OPEN_MISSING,
};

/* Whether the statement being read is an op of REGION_OPS written without its region's `{`,
 * and whether the lines after its header are that region's (see region_open_missing). */
enum Missing { NOT_MISSING, OPEN_MISSING, REGION_ABSENT };

typedef struct {
  bool after_recovered_split; /* the last token was a split marker lexed during recovery */
  bool label_next;            /* the last token was a region's missing `{` before a block label */
  unsigned char missing;      /* enum Missing, of the current statement */
} Scanner;

void *tree_sitter_cute_ir_external_scanner_create(void) { return calloc(1, sizeof(Scanner)); }
void tree_sitter_cute_ir_external_scanner_destroy(void *payload) { free(payload); }
unsigned tree_sitter_cute_ir_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = payload;
  if (!scanner->after_recovered_split && scanner->missing == NOT_MISSING && !scanner->label_next) return 0;
  buffer[0] = (char)((scanner->after_recovered_split ? 1 : 0) | (scanner->missing == OPEN_MISSING ? 2 : 0) |
                     (scanner->label_next ? 8 : 0) |
                     (scanner->missing == REGION_ABSENT ? 4 : 0));
  return 1;
}
void tree_sitter_cute_ir_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = payload;
  scanner->after_recovered_split = length > 0 && (buffer[0] & 1);
  scanner->label_next = length > 0 && (buffer[0] & 8);
  scanner->missing = length == 0 ? NOT_MISSING : (buffer[0] & 2) ? OPEN_MISSING
                  : (buffer[0] & 4) ? REGION_ABSENT : NOT_MISSING;
}

static bool is_alpha(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_digit(int32_t c) { return c >= '0' && c <= '9'; }
static bool is_bare_id_char(int32_t c) { return is_alpha(c) || is_digit(c) || c == '$' || c == '.'; }
static bool is_suffix_id_char(int32_t c) { return is_bare_id_char(c) || c == '-'; }
/* '\r' ends a line like '\n' (LSP counts "\n", "\r\n" and a lone "\r" as line ends). */
static bool is_newline(int32_t c) { return c == '\n' || c == '\r'; }
static bool is_blank(int32_t c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

/* A NUL byte inside the text is a blank, as MLIR's lexer reads it; the lexer's lookahead is
 * also 0 at the end of the text, which is not one. */
static bool at_nul(TSLexer *lexer) { return lexer->lookahead == 0 && !lexer->eof(lexer); }
static bool at_blank(TSLexer *lexer) { return is_blank(lexer->lookahead) || at_nul(lexer); }

static void skip_blanks(TSLexer *lexer) {
  while (at_blank(lexer)) advance(lexer);
}

static void skip_whitespace(TSLexer *lexer) {
  while (at_blank(lexer) || is_newline(lexer->lookahead)) advance(lexer);
}

/* `%name` or `%name:N`, possibly repeated with commas, then a single '=' and an op name
 * (or the end of the line). */
static bool looks_like_results_then_op(TSLexer *lexer) {
  for (;;) {
    if (lexer->lookahead != '%') return false;
    advance(lexer);
    if (!is_suffix_id_char(lexer->lookahead)) return false;
    while (is_suffix_id_char(lexer->lookahead)) advance(lexer);
    if (lexer->lookahead == ':') {
      /* `%a:N`; a missing N (`%a: =`) still starts the statement, which then reports it. */
      advance(lexer);
      while (is_digit(lexer->lookahead)) advance(lexer);
    }
    skip_whitespace(lexer);
    if (lexer->lookahead != ',') break;
    advance(lexer);
    skip_whitespace(lexer);
    if (lexer->lookahead == '=') break; /* `%a, =`: a missing name, reported by the statement */
  }
  if (lexer->lookahead != '=') return false;
  advance(lexer);
  if (lexer->lookahead == '=') return false;
  skip_blanks(lexer);
  /* `%x =` ending its line is an op still being typed: it starts a statement all the same. */
  if (is_newline(lexer->lookahead) || lexer->eof(lexer)) return true;
  return lexer->lookahead == '"' || is_alpha(lexer->lookahead);
}

/* `"dialect.op"` followed by '(' : the generic operation form. */
static bool looks_like_generic_op(TSLexer *lexer) {
  advance(lexer); /* opening quote */
  while (lexer->lookahead != '"') {
    if (is_newline(lexer->lookahead) || lexer->eof(lexer)) return false;
    if (lexer->lookahead == '\\') advance(lexer);
    advance(lexer);
  }
  advance(lexer);
  skip_blanks(lexer);
  return lexer->lookahead == '(';
}

/* `#name =` or `!name =` (not `==`): an alias definition. */
static bool looks_like_alias_definition(TSLexer *lexer) {
  advance(lexer); /* '#' or '!' */
  if (!is_alpha(lexer->lookahead)) return false;
  while (is_alpha(lexer->lookahead) || is_digit(lexer->lookahead) || lexer->lookahead == '$') advance(lexer);
  skip_blanks(lexer);
  if (lexer->lookahead != '=') return false;
  advance(lexer);
  return lexer->lookahead != '=';
}

/* Keywords of upstream ops' formats (ODS assembly formats and the hand-written parsers of
 * `scf.for` / `scf.if` / `affine.for` / `gpu.launch` / the memref reshapes / `linalg`) that go
 * on an op written over several lines. No dialect has an op of such a name, so first on a line
 * they continue the op before: `}` / `else {`, `affine.for %i = 0` / `to 10`. */
static const char *const CONTINUATION_WORDS[] = {
  "attributes", "else", "to", "step", "iter_args", "into", "from", "blocks", "threads",
  "clusters", "dynamic_shared_memory_size", "workgroup", "private", "ins", "outs",
  "shared_outs", "output_shape",
};

/* `word` (`length` characters, not terminated) is the whole of `w`. */
static bool same_word(const char *word, const char *w, unsigned length) {
  unsigned j = 0;
  while (j < length && w[j] == word[j]) j++;
  return j == length && w[j] == '\0';
}

static bool is_continuation_word(const char *word, unsigned length) {
  for (unsigned i = 0; i < sizeof CONTINUATION_WORDS / sizeof *CONTINUATION_WORDS; i++) {
    if (same_word(word, CONTINUATION_WORDS[i], length)) return true;
  }
  return false;
}

/* Ops whose parser reads a region right after their header: `scf.if %c {`, `scf.for ... {`,
 * `scf.execute_region -> i32 {`, `scf.while (...) : ... {` (its first region), `affine.for ... {`,
 * `gpu.launch blocks(...) in (...) threads(...) in (...) {`, and scf.index_switch's `case 2 {` / `default {` lines (which
 * the grammar reads as statements of their own). Written without that `{`, MLIR's parser stops
 * there ("expected '{' to begin a region"); the scanner then supplies the `{` as the zero-width
 * REGION_OPEN_MISSING (see region_open_missing), so the region's ops and its `}` are read as
 * the region's and the braces around it keep their depth. */
static const char *const REGION_OPS[] = {
  "scf.if", "scf.for", "scf.execute_region", "scf.while", "affine.for", "gpu.launch", "case", "default",
};

static bool is_region_op(const char *word, unsigned length) {
  for (unsigned i = 0; i < sizeof REGION_OPS / sizeof *REGION_OPS; i++) {
    if (same_word(word, REGION_OPS[i], length)) return true;
  }
  return false;
}

/* An op name written first on its line: `dialect.op ...`, `return %x`, `module {`.
 * Excluded when what follows shows it is a dictionary key or a parameter; an undotted word
 * directly followed by '(', '<' or ':' is a keyword continuing the previous op (`shapes(...)`),
 * while a dotted op name may be (`cute_nvgpu.atom.set_value<tma_bar>(...)`,
 * `test.parse_integer_literal : 5`), and so may any name with a blank before the ':';
 * a continuation word (above) never is. `*strong` tells whether the name is dotted or `return`:
 * only such a name ends an open `(`, `[` or `<`, where a plain word may be a keyword. */
static bool looks_like_op_name(TSLexer *lexer, bool *strong, bool *region_op) {
  static const char RETURN[] = "return";
  char word[32];
  bool dotted = false;
  unsigned length = 0;
  while (is_bare_id_char(lexer->lookahead)) {
    if (lexer->lookahead == '.') dotted = true;
    if (length < sizeof word) word[length] = (char)lexer->lookahead;
    length++;
    advance(lexer);
  }
  bool is_return = length == sizeof RETURN - 1 && same_word(word, RETURN, length);
  *strong = dotted || is_return;
  if (region_op != NULL) *region_op = length < sizeof word && is_region_op(word, length);
  if (!dotted && length < sizeof word && is_continuation_word(word, length)) return false;
  bool spaced = at_blank(lexer);
  skip_blanks(lexer);
  switch (lexer->lookahead) {
    case '=': case ',': case '}': case ')': case ']': case '>':
      return false;
    case ':':
      /* `key: ...` (no blank) is a key; `d.op : ...` and, in a region whose ops default to
       * a dialect, `op : ...` start an op whose assembly begins with ':' (never `::`). */
      advance(lexer);
      return (dotted || spaced) && lexer->lookahead != ':';
    case '(': case '<':
      return dotted;
    default:
      return true;
  }
}

/* `{-#`: the file metadata section (`{-# dialect_resources: {...} #-}`). */
static bool looks_like_file_metadata(TSLexer *lexer) {
  advance(lexer); /* '{' */
  if (lexer->lookahead != '-') return false;
  advance(lexer);
  return lexer->lookahead == '#';
}

enum Slashes { NO_SLASHES, LONE_SLASH, COMMENT, MARKER };

/* At a '/': a `//` comment (consumed up to its line end), the split marker (consumed), or a
 * lone slash (one character consumed). */
static enum Slashes skip_slashes(TSLexer *lexer) {
  static const char MARKER_TAIL[] = " -----";
  if (lexer->lookahead != '/') return NO_SLASHES;
  advance(lexer);
  if (lexer->lookahead != '/') return LONE_SLASH;
  advance(lexer);
  unsigned matched = 0;
  while (matched < sizeof MARKER_TAIL - 1 && lexer->lookahead == MARKER_TAIL[matched]) {
    advance(lexer);
    matched++;
  }
  if (matched == sizeof MARKER_TAIL - 1) return MARKER;
  while (!is_newline(lexer->lookahead) && !lexer->eof(lexer)) advance(lexer);
  return COMMENT;
}

enum MarkerMatch { NO_MARKER, WHOLE_MARKER, MARKER_PREFIX_AT_END };

/* At a '/': `// -----`, the split marker of mlir-opt --split-input-file, or a proper prefix of
 * it from `//` on that ends the text (`// --` and no line end), consumed either way. */
static enum MarkerMatch match_split_marker(TSLexer *lexer) {
  static const char MARKER[] = "// -----";
  for (const char *c = MARKER; *c; c++) {
    if (lexer->lookahead != *c) {
      return c - MARKER >= 2 && lexer->eof(lexer) ? MARKER_PREFIX_AT_END : NO_MARKER;
    }
    advance(lexer);
  }
  return WHOLE_MARKER;
}

static bool looks_like_split_marker(TSLexer *lexer) { return match_split_marker(lexer) == WHOLE_MARKER; }

/* `^label`, optional balanced `( ... )`, then ':' : a block header. */
static bool looks_like_block_label(TSLexer *lexer) {
  advance(lexer); /* '^' */
  if (!is_suffix_id_char(lexer->lookahead)) return false;
  while (is_suffix_id_char(lexer->lookahead)) advance(lexer);
  skip_blanks(lexer);
  if (lexer->lookahead == '(') {
    int depth = 0;
    do {
      if (lexer->eof(lexer)) return false;
      int32_t ch = lexer->lookahead;
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == '"') {
        advance(lexer);
        while (lexer->lookahead != '"') {
          if (is_newline(lexer->lookahead) || lexer->eof(lexer)) return false;
          if (lexer->lookahead == '\\') advance(lexer);
          advance(lexer);
        }
      } else if (ch == '{' || ch == '}') {
        return false; /* a region cannot appear in block arguments */
      } else if (ch == '/') {
        /* a comment between arguments written one per line: its brackets do not count */
        advance(lexer);
        if (lexer->lookahead == '/') {
          while (!is_newline(lexer->lookahead) && !lexer->eof(lexer)) advance(lexer);
        }
        continue;
      }
      advance(lexer);
    } while (depth > 0);
    skip_blanks(lexer);
  }
  return lexer->lookahead == ':';
}

/* The first closer in `order` that the parser accepts here. */
static bool emit_closer(TSLexer *lexer, const bool *valid_symbols, const enum TokenType *order, unsigned count) {
  for (unsigned i = 0; i < count; i++) {
    if (valid_symbols[order[i]]) {
      lexer->result_symbol = order[i];
      return true;
    }
  }
  return false;
}

enum LineEnd { NOT_AT_LINE_END, NEXT_LINE, SPLIT, END };

/* After a token that may end a line: is the rest of its line blank (or a comment)? Then the
 * lexer stops at the next line's first token, or after a split marker, or at the text's end.
 * Comments between the two lines do not count (`"d.op"() // note`). */
static enum LineEnd skip_line_end_to_column(TSLexer *lexer, unsigned *column) {
  bool line_start = false;
  for (;;) {
    while (at_blank(lexer) || is_newline(lexer->lookahead)) {
      if (is_newline(lexer->lookahead)) line_start = true;
      *column = is_newline(lexer->lookahead) ? 0 : *column + 1;
      advance(lexer);
    }
    enum Slashes slashes = skip_slashes(lexer);
    if (slashes == COMMENT) continue;
    if (slashes == MARKER) return SPLIT;
    if (slashes == LONE_SLASH) return NOT_AT_LINE_END;
    break;
  }
  if (lexer->eof(lexer)) return line_start ? END : NOT_AT_LINE_END;
  return line_start ? NEXT_LINE : NOT_AT_LINE_END;
}

/* skip_line_end, not counting columns (the count is right only where it says NEXT_LINE: the
 * blanks before the next line's first token). */
static enum LineEnd skip_line_end(TSLexer *lexer) {
  unsigned column = 0;
  return skip_line_end_to_column(lexer, &column);
}

/* At a line's first token: does a statement start there as the main scan decides it after a
 * statement (a weak op name included), or a block label? */
static bool line_starts_statement(TSLexer *lexer) {
  bool strong = false;
  switch (lexer->lookahead) {
    case '%': return looks_like_results_then_op(lexer);
    case '^': return looks_like_block_label(lexer);
    case '"': return looks_like_generic_op(lexer);
    case '#': case '!': return looks_like_alias_definition(lexer);
    default: return is_alpha(lexer->lookahead) && looks_like_op_name(lexer, &strong, NULL);
  }
}

/* After the name of one of REGION_OPS: is its region written without its `{`? The op's text,
 * up to the first line end after which a statement or a `}` starts, holds no `{` (nor a `}`:
 * the op sits on one line inside braces of its own). Lines that go on with the op (a keyword
 * of its format, a type) are read through, as the statement boundary reads them; strings and
 * comments do not count. Only the op's header is read, never its region.
 * Then whose is the next line: the region's (OPEN_MISSING: the `{` is supplied before it)
 * when it is indented deeper than the op's line (`indent`; a block label or a `}` as deep),
 * else the block's around the op (REGION_ABSENT: `scf.if %c` typed before its `{`, the rest of
 * the block after it; the op gets an empty region of the missing `{` alone, at its header's
 * end). With no indent known (-1: the op is not first on its line) the region's. */
static enum Missing region_open_missing(TSLexer *lexer, int indent) {
  for (;;) {
    if (lexer->eof(lexer)) return NOT_MISSING;
    int32_t c = lexer->lookahead;
    if (c == '{' || c == '}') return NOT_MISSING;
    if (c == '"') {
      advance(lexer);
      while (lexer->lookahead != '"') {
        if (is_newline(lexer->lookahead) || lexer->eof(lexer)) return NOT_MISSING;
        if (lexer->lookahead == '\\') advance(lexer);
        advance(lexer);
      }
      advance(lexer);
      continue;
    }
    if (at_blank(lexer) || is_newline(c) || c == '/') {
      unsigned column = 0;
      switch (skip_line_end_to_column(lexer, &column)) {
        case NEXT_LINE: {
          int next = lexer->lookahead;
          if (next == '{') return NOT_MISSING;
          int deeper = next == '}' || next == '^' ? indent : indent + 1;
          if (next == '}' || line_starts_statement(lexer)) {
            return indent < 0 || (int)column >= deeper ? OPEN_MISSING : REGION_ABSENT;
          }
          continue;
        }
        case NOT_AT_LINE_END: continue;
        default: return NOT_MISSING;
      }
    }
    advance(lexer);
  }
}

/* Right after `%r =` (and blanks): whether the op named there is one of REGION_OPS whose `{`
 * is missing (see region_open_missing). */
static enum Missing results_region_open_missing(TSLexer *lexer, int indent) {
  if (!is_alpha(lexer->lookahead)) return NOT_MISSING;
  char word[32];
  unsigned length = 0;
  while (is_bare_id_char(lexer->lookahead)) {
    if (length < sizeof word) word[length] = (char)lexer->lookahead;
    length++;
    advance(lexer);
  }
  return length < sizeof word && is_region_op(word, length) ? region_open_missing(lexer, indent) : NOT_MISSING;
}

/* At a statement's first token, `indent` its line's: whether it is an op of REGION_OPS (with
 * results or not) written without its region's `{`. */
static enum Missing op_region_open_missing(TSLexer *lexer, int indent) {
  if (lexer->lookahead == '%') {
    return looks_like_results_then_op(lexer) ? results_region_open_missing(lexer, indent) : NOT_MISSING;
  }
  bool strong = false;
  bool region_op = false;
  if (!is_alpha(lexer->lookahead) || !looks_like_op_name(lexer, &strong, &region_op) || !region_op) return NOT_MISSING;
  return region_open_missing(lexer, indent);
}

/* At the end of the header of an op whose region is absent (REGION_ABSENT): the rest of its
 * line is blank and the next line starts a statement, a block or is a `}` (the line end
 * region_open_missing stopped at). */
static bool at_absent_region(TSLexer *lexer) {
  if (skip_line_end(lexer) != NEXT_LINE) return false;
  return lexer->lookahead == '}' || line_starts_statement(lexer);
}

/* Inside a bracket or an unfinished generic op: does the next line end it (see the header)? */
static bool scan_closer(TSLexer *lexer, const bool *valid_symbols) {
  static const enum TokenType AT_SPLIT[] = {UNCLOSED_GROUP, UNCLOSED_BRACKET, INCOMPLETE_OP, UNCLOSED_REGION};
  static const enum TokenType AT_STATEMENT[] = {UNCLOSED_GROUP, UNCLOSED_BRACKET, INCOMPLETE_OP};
  static const enum TokenType AT_OP_NAME[] = {UNCLOSED_GROUP, INCOMPLETE_OP};
  /* The token sits where the unclosed line ends, which is where the bracket should have been
   * closed; each enclosing bracket then sees the same newline and closes in turn. */
  lexer->mark_end(lexer);
  switch (skip_line_end(lexer)) {
    case SPLIT: return emit_closer(lexer, valid_symbols, AT_SPLIT, 4);
    case NEXT_LINE: break;
    default: return false;
  }
  bool strong = false;
  switch (lexer->lookahead) {
    case '%':
      return looks_like_results_then_op(lexer) && emit_closer(lexer, valid_symbols, AT_STATEMENT, 3);
    case '^':
      return looks_like_block_label(lexer) && emit_closer(lexer, valid_symbols, AT_STATEMENT, 3);
    case '"':
      return looks_like_generic_op(lexer) && emit_closer(lexer, valid_symbols, AT_STATEMENT, 3);
    case '}':
      return emit_closer(lexer, valid_symbols, AT_OP_NAME, 2);
    default:
      if (!is_alpha(lexer->lookahead)) return false;
      return looks_like_op_name(lexer, &strong, NULL) && strong && emit_closer(lexer, valid_symbols, AT_OP_NAME, 2);
  }
}

/* At a line's first token: does it unmistakably start a statement (results and an op, a
 * generic op, a block label, an alias definition, `}`, a dotted op name or `return`)?
 * Anything else, a type or a keyword, goes on with the op of the line before. */
static bool starts_statement(TSLexer *lexer) {
  bool strong = false;
  bool starts;
  switch (lexer->lookahead) {
    case '%': starts = looks_like_results_then_op(lexer); break;
    case '^': starts = looks_like_block_label(lexer); break;
    case '"': starts = looks_like_generic_op(lexer); break;
    case '#': case '!': starts = looks_like_alias_definition(lexer); break;
    case '}': starts = true; break;
    default: starts = is_alpha(lexer->lookahead) && looks_like_op_name(lexer, &strong, NULL) && strong;
  }
  return starts;
}

/* `,` `:` or `->` of an op's body ending its line while the op goes on on the next one: the
 * punctuation as a token of its own, after which the grammar wants more of the op (so no
 * statement end is asked for before the next line). */
static bool scan_trailing_punctuation(TSLexer *lexer, const bool *valid_symbols) {
  enum TokenType token;
  switch (lexer->lookahead) {
    case ',': token = TRAILING_COMMA; advance(lexer); break;
    case ':':
      token = TRAILING_COLON;
      advance(lexer);
      if (lexer->lookahead == ':') return false;
      break;
    case '-':
      token = TRAILING_ARROW;
      advance(lexer);
      if (lexer->lookahead != '>') return false;
      advance(lexer);
      break;
    default: return false;
  }
  if (!valid_symbols[token]) return false;
  lexer->mark_end(lexer);
  if (skip_line_end(lexer) != NEXT_LINE || starts_statement(lexer)) return false;
  lexer->result_symbol = token;
  return true;
}

/* Right after `%x =`: the op's name may be on the next line (`%x =` / `arith.addi ...`); the
 * op is left incomplete only when the next line cannot be it. */
static bool scan_incomplete_results(TSLexer *lexer) {
  lexer->mark_end(lexer);
  enum LineEnd end = skip_line_end(lexer);
  if (end == NOT_AT_LINE_END) return false;
  if (end == NEXT_LINE && (is_alpha(lexer->lookahead) || lexer->lookahead == '"')) return false;
  lexer->result_symbol = INCOMPLETE_RESULTS;
  return true;
}

/* The split marker and the rest of its line; the lexer is just past the marker. */
static bool finish_split_marker(TSLexer *lexer) {
  while (!is_newline(lexer->lookahead) && !lexer->eof(lexer)) advance(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = SPLIT_MARKER;
  return true;
}

/* Everything up to the next split marker (or the end of the file). */
static bool skip_split(TSLexer *lexer) {
  static const char MARKER[] = "// -----";
  unsigned matched = 0;
  while (!lexer->eof(lexer)) {
    if (lexer->lookahead == MARKER[matched]) {
      if (++matched == sizeof MARKER - 1) break;
    } else {
      lexer->mark_end(lexer);
      matched = lexer->lookahead == MARKER[0] ? 1 : 0;
    }
    advance(lexer);
  }
  if (matched != sizeof MARKER - 1) lexer->mark_end(lexer);
  lexer->result_symbol = SPLIT_SKIPPED;
  return true;
}

/* A run of NULs (and blanks among them): an extra, like a blank. Where the scanner's own
 * decision leaves a NUL to the internal lexer, that lexer finds no token there, the parser
 * lexes again as in error recovery (every external token valid), and this token answers. A NUL
 * is no token of its own, so a split marker recovery lexed before it stays the last token. */
static bool scan_nul_blank(TSLexer *lexer, Scanner *scanner, bool after_recovered_split) {
  while (at_blank(lexer)) advance(lexer);
  lexer->mark_end(lexer);
  scanner->after_recovered_split = after_recovered_split;
  lexer->result_symbol = NUL_BLANK;
  return true;
}

/* A string literal with a NUL among its characters, whole: `"a<NUL>b"` (the grammar's `string`
 * regex cannot match a NUL, see the header). False for any other string and for one the line
 * ends inside: the internal lexer's to read or to report. */
static bool scan_nul_string(TSLexer *lexer) {
  advance(lexer); /* the opening quote */
  bool nul = false;
  for (;;) {
    if (lexer->eof(lexer) || is_newline(lexer->lookahead)) return false;
    if (lexer->lookahead == '"') break;
    if (at_nul(lexer)) nul = true;
    if (lexer->lookahead == '\\') {
      advance(lexer);
      if (lexer->eof(lexer) || is_newline(lexer->lookahead)) return false;
      if (at_nul(lexer)) nul = true;
    }
    advance(lexer);
  }
  advance(lexer); /* the closing quote */
  if (!nul) return false;
  lexer->mark_end(lexer);
  lexer->result_symbol = NUL_STRING;
  return true;
}

/* Right after `else` or `do` (`word_length` its length): the indent of its line, read as
 * printed IR writes the line, `} else` / `} do` (the column of that `}`); -1 where the word
 * stands too near the line's start for that. */
static int brace_column(TSLexer *lexer, unsigned word_length) {
  int column = (int)lexer->get_column(lexer) - (int)word_length - 2;
  return column >= 0 ? column : -1;
}

/* At a block label first on its line, `column` its indent: BLOCK_START. */
static bool scan_block_start(Scanner *scanner, TSLexer *lexer, unsigned column) {
  if (!looks_like_block_label(lexer)) return false;
  lexer->result_symbol = BLOCK_START;
  /* The block's first op, which no statement start precedes: on the label's line or the
   * next, whether it is one of REGION_OPS without its `{`. */
  advance(lexer); /* ':' */
  unsigned op_column = 0;
  switch (skip_line_end_to_column(lexer, &op_column)) {
    case NOT_AT_LINE_END: scanner->missing = op_region_open_missing(lexer, (int)column); break;
    case NEXT_LINE: scanner->missing = op_region_open_missing(lexer, (int)op_column); break;
    default: scanner->missing = NOT_MISSING;
  }
  return true;
}

bool tree_sitter_cute_ir_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = payload;
  bool after_recovered_split = scanner->after_recovered_split;
  scanner->after_recovered_split = false;
  bool label_next = scanner->label_next;
  scanner->label_next = false;
  /* During error recovery every symbol is "valid"; let the internal lexer drive it, except
   * for the split marker (see the header). */
  if (valid_symbols[ERROR_SENTINEL]) {
    while (is_blank(lexer->lookahead) || is_newline(lexer->lookahead)) lexer->advance(lexer, true);
    if (at_nul(lexer)) return scan_nul_blank(lexer, scanner, after_recovered_split);
    if (after_recovered_split && !lexer->eof(lexer)) return skip_split(lexer);
    /* The internal lexer found no token in a string with a NUL: this one answers, and where
     * a string is valid the parser takes it as any string. */
    if (lexer->lookahead == '"') return scan_nul_string(lexer);
    switch (match_split_marker(lexer)) {
      case WHOLE_MARKER:
        scanner->after_recovered_split = true;
        scanner->missing = NOT_MISSING;
        return finish_split_marker(lexer);
      case MARKER_PREFIX_AT_END:
        /* `//` to `// ----` ending the text: a comment, which the internal lexer's regex can
         * take only with its line end (see grammar.js); no token the parser wants starts
         * with `//`, so every lexing there fails over to this one. */
        lexer->mark_end(lexer);
        lexer->result_symbol = MARKER_PREFIX_COMMENT;
        return true;
      default:
        return false;
    }
  }
  if (valid_symbols[INCOMPLETE_RESULTS]) return scan_incomplete_results(lexer);
  /* The end of the header of an op whose region is absent: the region of its missing `{`
   * alone, zero-width, right after the header's last token. */
  if (scanner->missing == REGION_ABSENT && valid_symbols[REGION_MISSING]) {
    lexer->mark_end(lexer);
    if (at_absent_region(lexer)) {
      scanner->missing = NOT_MISSING;
      lexer->result_symbol = REGION_MISSING;
      return true;
    }
  }
  bool want_stmt = valid_symbols[STMT_START] || valid_symbols[STMT_END];
  bool want_block = valid_symbols[BLOCK_START];
  bool after_else = valid_symbols[ELSE_REGION_OPEN_MISSING];
  bool after_do = valid_symbols[DO_REGION_OPEN_MISSING];
  /* (read before the lexer moves on: the column of the word's end) */
  int else_brace = (after_else || after_do) && valid_symbols[REGION_MISSING] && want_stmt
                   ? brace_column(lexer, after_else ? 4 : 2) : -1;
  if (!want_stmt && !want_block && !valid_symbols[SPLIT_MARKER]) {
    bool want_closer = valid_symbols[UNCLOSED_BRACKET] || valid_symbols[UNCLOSED_GROUP] ||
                       valid_symbols[INCOMPLETE_OP] || valid_symbols[UNCLOSED_REGION];
    return want_closer && scan_closer(lexer, valid_symbols);
  }

  bool line_start = false;
  unsigned column = 0; /* where line_start: the indent of the line's first token */
  /* (after `else` / `do`, a region of the missing `{` alone ends at the word: see below) */
  if (else_brace >= 0) lexer->mark_end(lexer);
  while (at_blank(lexer) || is_newline(lexer->lookahead)) {
    if (is_newline(lexer->lookahead)) line_start = true;
    column = is_newline(lexer->lookahead) ? 0 : column + 1;
    lexer->advance(lexer, true);
  }
  int32_t first = lexer->lookahead;
  /* After `else` / `do` ending its line: a next line that starts a statement no deeper than
   * the `}` before the word (a block label or a `}` less deep) is the block's around the op,
   * not the region's: the region is the missing `{` alone, zero-width at the word's end
   * (REGION_MISSING), so that the line's statement ends the op. */
  if (else_brace >= 0 && line_start && valid_symbols[STMT_END] && first != '/' && first != '{' &&
      (int)column < (first == '}' || first == '^' ? else_brace : else_brace + 1)) {
    if (first == '}' || line_starts_statement(lexer)) {
      lexer->result_symbol = REGION_MISSING;
      return true;
    }
    return false;   /* (nothing starts there: the main scan below would say so too) */
  }
  lexer->mark_end(lexer); /* statement and block starts are zero-width, after blanks */

  int32_t c = lexer->lookahead;
  if (!line_start && (c == ',' || c == ':' || c == '-') &&
      (valid_symbols[TRAILING_COMMA] || valid_symbols[TRAILING_COLON] || valid_symbols[TRAILING_ARROW])) {
    return scan_trailing_punctuation(lexer, valid_symbols);
  }
  /* A region left open when its split ends: close it so that the split marker, accepted only
   * between top-level statements, ends the statement that holds the region. */
  if (c == '/') {
    if (!looks_like_split_marker(lexer)) return false;
    if (valid_symbols[UNCLOSED_REGION]) {
      lexer->result_symbol = UNCLOSED_REGION;
      return true;
    }
    return valid_symbols[SPLIT_MARKER] && finish_split_marker(lexer);
  }

  /* Printed IR starts every statement and block on a new line; mid-line there is nothing
   * to decide, which keeps this scanner off the hot path of custom op bodies. The one
   * exception: a region may open with an op on the line of its `{` when the op starts in a
   * way no attribute dictionary can (`{ "d.op"() : () -> () }`, `{ %x = d.op }`, `{d.op %x}`). */
  if (!line_start) {
    /* The block label first in a region whose `{` was supplied before it, zero-width. */
    if (label_next && want_block && c == '^') return scan_block_start(scanner, lexer, lexer->get_column(lexer));
    if (!valid_symbols[STMT_START]) return false;
    bool starts = (c == '"' && looks_like_generic_op(lexer)) || (c == '%' && looks_like_results_then_op(lexer));
    /* A custom op right after the `{`, when what follows its name cannot continue a
     * dictionary entry (`{scf.yield %x : i32}`); an op alone in its braces (`{scf.yield}`)
     * looks like a dictionary's unit entry (`{d.flag}`), so it is taken for an op only where
     * the `{` cannot open a dictionary (a generic op's region list), i.e. where the
     * dictionary's closer is not a valid symbol. */
    enum Missing missing = NOT_MISSING;
    if (starts && c == '%') missing = results_region_open_missing(lexer, -1);
    if (!starts && is_alpha(c)) {
      bool strong_unused = false;
      bool region_op = false;
      starts = looks_like_op_name(lexer, &strong_unused, &region_op);
      if (starts) missing = region_op ? region_open_missing(lexer, -1) : NOT_MISSING;
      else starts = !valid_symbols[UNCLOSED_BRACKET] && lexer->lookahead == '}';
    }
    if (starts) {
      lexer->result_symbol = STMT_START;
      scanner->missing = missing;
    }
    return starts;
  }

  /* (a label on the line after `else` / `do`, or after the header of one of REGION_OPS
   * without its `{`, is the first block of the region missing that `{`: below) */
  bool open_missing = (scanner->missing == OPEN_MISSING && valid_symbols[REGION_OPEN_MISSING]) || after_else || after_do;
  if (want_block && c == '^' && !(open_missing && valid_symbols[STMT_END])) {
    return scan_block_start(scanner, lexer, column);
  }
  if (!want_stmt) return false;

  bool starts = false;
  bool strong = false;
  bool region_op = false;
  if (c == '%') starts = looks_like_results_then_op(lexer);
  else if (c == '"') starts = looks_like_generic_op(lexer);
  else if (c == '#' || c == '!') starts = looks_like_alias_definition(lexer);
  else if (c == '{') starts = looks_like_file_metadata(lexer);
  else if (is_alpha(c)) starts = looks_like_op_name(lexer, &strong, &region_op);

  /* The op before is one of REGION_OPS without its region's `{`, or its line ends with `else`
   * or `do`, and this line starts the region's first statement or closes it: the `{` it is
   * missing, zero-width. */
  if (open_missing && valid_symbols[STMT_END] && (starts || c == '}' || (c == '^' && looks_like_block_label(lexer)))) {
    scanner->missing = NOT_MISSING;
    scanner->label_next = c == '^';
    lexer->result_symbol = after_else ? ELSE_REGION_OPEN_MISSING : after_do ? DO_REGION_OPEN_MISSING : REGION_OPEN_MISSING;
    return true;
  }
  if (starts) {
    lexer->result_symbol = valid_symbols[STMT_END] ? STMT_END : STMT_START;
    if (c == '%') scanner->missing = results_region_open_missing(lexer, (int)column);
    else scanner->missing = region_op ? region_open_missing(lexer, (int)column) : NOT_MISSING;
  }
  return starts;
}
