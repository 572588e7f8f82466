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
 * `unclosed_bracket`, so a missing ')' or '>' never swallows the rest of the file.
 *
 * The same decision yields `_stmt_end` after a statement (the next line starts another one)
 * and `_stmt_start` after a region's '{' (its first line starts a statement); the grammar
 * asks for one or the other, never both.
 *
 * The scanner is stateless: nothing to serialize.
 */
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType { STMT_START, STMT_END, BLOCK_START, UNCLOSED_BRACKET, ERROR_SENTINEL };

void *tree_sitter_cute_ir_external_scanner_create(void) { return NULL; }
void tree_sitter_cute_ir_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_cute_ir_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_cute_ir_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static bool is_alpha(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_digit(int32_t c) { return c >= '0' && c <= '9'; }
static bool is_bare_id_char(int32_t c) { return is_alpha(c) || is_digit(c) || c == '$' || c == '.'; }
static bool is_suffix_id_char(int32_t c) { return is_bare_id_char(c) || c == '-'; }
/* '\r' ends a line like '\n' (LSP counts "\n", "\r\n" and a lone "\r" as line ends). */
static bool is_newline(int32_t c) { return c == '\n' || c == '\r'; }
static bool is_blank(int32_t c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

static void skip_blanks(TSLexer *lexer) {
  while (is_blank(lexer->lookahead)) advance(lexer);
}

static void skip_whitespace(TSLexer *lexer) {
  while (is_blank(lexer->lookahead) || is_newline(lexer->lookahead)) advance(lexer);
}

/* `%name` or `%name:N`, possibly repeated with commas, then a single '=' and an op name. */
static bool looks_like_results_then_op(TSLexer *lexer) {
  for (;;) {
    if (lexer->lookahead != '%') return false;
    advance(lexer);
    if (!is_suffix_id_char(lexer->lookahead)) return false;
    while (is_suffix_id_char(lexer->lookahead)) advance(lexer);
    if (lexer->lookahead == ':') {
      advance(lexer);
      if (!is_digit(lexer->lookahead)) return false;
      while (is_digit(lexer->lookahead)) advance(lexer);
    }
    skip_whitespace(lexer);
    if (lexer->lookahead != ',') break;
    advance(lexer);
    skip_whitespace(lexer);
  }
  if (lexer->lookahead != '=') return false;
  advance(lexer);
  if (lexer->lookahead == '=') return false;
  skip_whitespace(lexer);
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

/* An op name written first on its line: `dialect.op ...`, `return %x`, `module {`.
 * Excluded when what follows shows it is a dictionary key or a parameter; an undotted word
 * directly followed by '(' or '<' is a keyword continuing the previous op (`shapes(...)`),
 * while a dotted op name may be (`cute_nvgpu.atom.set_value<tma_bar>(...)`). */
static bool looks_like_op_name(TSLexer *lexer) {
  bool dotted = false;
  while (is_bare_id_char(lexer->lookahead)) {
    if (lexer->lookahead == '.') dotted = true;
    advance(lexer);
  }
  skip_blanks(lexer);
  switch (lexer->lookahead) {
    case '=': case ',': case '}': case ':': case ')': case ']': case '>':
      return false;
    case '(': case '<':
      return dotted;
    default:
      return true;
  }
}

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
      }
      advance(lexer);
    } while (depth > 0);
    skip_blanks(lexer);
  }
  return lexer->lookahead == ':';
}

/* Inside a bracket: does the next line unmistakably start a statement or a block? */
static bool scan_unclosed_bracket(TSLexer *lexer) {
  /* The token sits where the unclosed line ends, which is where the bracket should have been
   * closed; each enclosing bracket then sees the same newline and closes in turn. */
  lexer->mark_end(lexer);
  bool line_start = false;
  while (is_blank(lexer->lookahead) || is_newline(lexer->lookahead)) {
    if (is_newline(lexer->lookahead)) line_start = true;
    advance(lexer);
  }
  if (!line_start) return false;
  bool starts = false;
  switch (lexer->lookahead) {
    case '%': starts = looks_like_results_then_op(lexer); break;
    case '^': starts = looks_like_block_label(lexer); break;
    case '"': starts = looks_like_generic_op(lexer); break;
    default: break;
  }
  if (starts) lexer->result_symbol = UNCLOSED_BRACKET;
  return starts;
}

bool tree_sitter_cute_ir_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  /* During error recovery every symbol is "valid"; let the internal lexer drive it. */
  if (valid_symbols[ERROR_SENTINEL]) return false;
  bool want_stmt = valid_symbols[STMT_START] || valid_symbols[STMT_END];
  bool want_block = valid_symbols[BLOCK_START];
  if (!want_stmt && !want_block) {
    return valid_symbols[UNCLOSED_BRACKET] && scan_unclosed_bracket(lexer);
  }

  bool line_start = false;
  while (is_blank(lexer->lookahead) || is_newline(lexer->lookahead)) {
    if (is_newline(lexer->lookahead)) line_start = true;
    lexer->advance(lexer, true);
  }
  lexer->mark_end(lexer); /* statement and block starts are zero-width, after blanks */

  /* Printed IR starts every statement and block on a new line; mid-line there is nothing
   * to decide, which keeps this scanner off the hot path of custom op bodies. */
  if (!line_start) return false;

  int32_t c = lexer->lookahead;
  if (want_block && c == '^') {
    if (looks_like_block_label(lexer)) {
      lexer->result_symbol = BLOCK_START;
      return true;
    }
    return false;
  }
  if (!want_stmt) return false;

  bool starts = false;
  if (c == '%') starts = looks_like_results_then_op(lexer);
  else if (c == '"') starts = looks_like_generic_op(lexer);
  else if (c == '#' || c == '!') starts = looks_like_alias_definition(lexer);
  else if (is_alpha(c)) starts = looks_like_op_name(lexer);

  if (starts) lexer->result_symbol = valid_symbols[STMT_END] ? STMT_END : STMT_START;
  return starts;
}
