/* Semantic tokens' rows and their LSP encoding, in C: the per-capture work that costs a Python
 * step per token (reading each captured node's bytes, sorting, keeping the first of each
 * overlapping run, finding lines and columns, writing the integers) done in one pass.
 *
 * The highlight query still decides which text is which token; these functions only do what
 * server/cute_ir/features/tokens.py and server/cute_ir/lsp/semantic.py did with its captures,
 * with the same results (tests/test_semantic_tokens_native.py compares them). Built as an
 * optional extension of its own: when it cannot be compiled the server keeps the Python path.
 *
 * Bad input never crashes: offsets are clamped to the text, every allocation is checked, and
 * columns of bytes that are not valid UTF-8 are counted without reading past the text. */
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long long start, end;
    int rank, type, mods, pad;
} Row;

static PyObject *start_name, *end_name;

static int read_offset(PyObject *node, PyObject *name, long long *out) {
    PyObject *value = PyObject_GetAttr(node, name);
    if (value == NULL) return -1;
    *out = PyLong_AsLongLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* capture_rows(source, groups, max_length) -> bytes
 * groups: a list of (nodes: list, rank, type, modifiers). Each node's [start_byte, end_byte),
 * its line end cut (a `//` line alone keeps it in the tree), is a row unless it is empty,
 * longer than max_length or holds a "\n": LSP tokens are non-empty and single-line. */
static PyObject *capture_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *source_obj, *groups;
    long long max_length;
    if (!PyArg_ParseTuple(args, "OO!L", &source_obj, &PyList_Type, &groups, &max_length)) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(source_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *text = view.buf;
    long long size = (long long)view.len;
    Py_ssize_t group_count = PyList_Size(groups);
    Py_ssize_t total = 0;
    for (Py_ssize_t g = 0; g < group_count; g++) {
        PyObject *group = PyList_GetItem(groups, g);
        PyObject *nodes = PyTuple_Check(group) && PyTuple_Size(group) == 4 ? PyTuple_GetItem(group, 0) : NULL;
        if (nodes == NULL || !PyList_Check(nodes)) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_TypeError, "groups: a list of (list of nodes, rank, type, modifiers)");
            return NULL;
        }
        total += PyList_Size(nodes);
    }
    Row *rows = PyMem_Malloc(sizeof(Row) * (size_t)(total ? total : 1));
    if (rows == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    Py_ssize_t count = 0;
    for (Py_ssize_t g = 0; g < group_count; g++) {
        PyObject *group = PyList_GetItem(groups, g);
        PyObject *nodes = PyTuple_GetItem(group, 0);
        long rank = PyLong_AsLong(PyTuple_GetItem(group, 1));
        long type = PyLong_AsLong(PyTuple_GetItem(group, 2));
        long mods = PyLong_AsLong(PyTuple_GetItem(group, 3));
        if (PyErr_Occurred()) goto fail;
        Py_ssize_t n = PyList_Size(nodes);
        for (Py_ssize_t i = 0; i < n && count < total; i++) {
            PyObject *node = PyList_GetItem(nodes, i);
            long long start, end;
            if (read_offset(node, start_name, &start) < 0 || read_offset(node, end_name, &end) < 0) goto fail;
            if (start < 0) start = 0;
            if (end > size) end = size;
            while (end > start && (text[end - 1] == '\n' || text[end - 1] == '\r')) end--;
            if (end <= start || end - start > max_length) continue;
            if (memchr(text + start, '\n', (size_t)(end - start)) != NULL) continue;
            Row *row = &rows[count++];
            row->start = start;
            row->end = end;
            row->rank = (int)rank;
            row->type = (int)type;
            row->mods = (int)mods;
            row->pad = 0;
        }
    }
    PyBuffer_Release(&view);
    PyObject *out = PyBytes_FromStringAndSize((const char *)rows, (Py_ssize_t)(sizeof(Row) * (size_t)count));
    PyMem_Free(rows);
    return out;
fail:
    PyBuffer_Release(&view);
    PyMem_Free(rows);
    return NULL;
}

static int compare_rows(const void *a, const void *b) {
    const Row *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    if (x->end != y->end) return x->end < y->end ? -1 : 1;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    if (x->mods != y->mods) return x->mods < y->mods ? -1 : 1;
    return 0;
}

/* The first index after the run of rows in order from `at`. */
static size_t run_end(const Row *rows, size_t at, size_t count) {
    size_t end = at + 1;
    while (end < count && compare_rows(&rows[end - 1], &rows[end]) <= 0) end++;
    return end;
}

/* Sorts rows by merging the runs in order they come in (each capture name's nodes in document
 * order, a unit's lexed rows): a few passes over them instead of qsort's n log n calls of
 * compare_rows, which took a sixth of a large file's tokens. Rows that compare equal are equal
 * in every field, so the order is qsort's. -1 when out of memory. */
static int sort_rows(Row *rows, size_t count) {
    if (count < 2 || run_end(rows, 0, count) == count) return 0;
    Row *spare = PyMem_Malloc(sizeof(Row) * count);
    if (spare == NULL) return -1;
    Row *from = rows, *to = spare;
    size_t runs;
    do {
        runs = 0;
        for (size_t at = 0; at < count; runs++) {
            size_t middle = run_end(from, at, count), end = middle < count ? run_end(from, middle, count) : middle;
            size_t a = at, b = middle, k = at;
            while (a < middle && b < end) to[k++] = compare_rows(&from[b], &from[a]) < 0 ? from[b++] : from[a++];
            while (a < middle) to[k++] = from[a++];
            while (b < end) to[k++] = from[b++];
            at = end;
        }
        Row *swap = from;
        from = to;
        to = swap;
    } while (runs > 1);
    if (from != rows) memcpy(rows, from, sizeof(Row) * count);
    PyMem_Free(spare);
    return 0;
}

/* Where the walk along the text is: `at` is an offset, on line `line` which starts at
 * `line_start`, `units` code units of the encoding after that start. */
typedef struct {
    const unsigned char *text;
    long long size, at, line, line_start, units;
    int encoding;   /* 8, 16 or 32 */
} Walk;

/* Moves the walk forward to `offset` (>= at). Line ends are "\n", "\r\n" and a lone "\r" (an
 * offset between "\r" and "\n" is still on the line of the "\r"). A character counts one unit,
 * two in UTF-16 from U+10000 on (a 4-byte lead); in UTF-8 every byte counts. */
static void walk_to(Walk *w, long long offset) {
    if (offset > w->size) offset = w->size;
    const unsigned char *text = w->text;
    for (long long i = w->at; i < offset; i++) {
        unsigned char c = text[i];
        if (c == '\n' || (c == '\r' && !(i + 1 < w->size && text[i + 1] == '\n'))) {
            w->line++;
            w->line_start = i + 1;
            w->units = 0;
        } else if (c == '\r') {
            w->units++;   /* the "\r" of "\r\n" is a character of its line until the "\n" */
        } else if (w->encoding == 8 || c < 0x80) {
            w->units++;
        } else if ((c & 0xC0) != 0x80) {
            w->units += (w->encoding == 16 && c >= 0xF0) ? 2 : 1;
        }
    }
    if (offset > w->at) w->at = offset;
}

typedef struct {
    char *buf;
    size_t len, cap;
} Text;

static int put_int(Text *t, long long value, int comma) {
    if (t->len + 24 > t->cap) {
        size_t cap = t->cap * 2 + 64;
        char *buf = PyMem_Realloc(t->buf, cap);
        if (buf == NULL) return -1;
        t->buf = buf;
        t->cap = cap;
    }
    if (comma) t->buf[t->len++] = ',';
    char digits[24];
    int n = 0;
    unsigned long long magnitude = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0) t->buf[t->len++] = '-';
    while (n) t->buf[t->len++] = digits[--n];
    return 0;
}

static int is_ascii(const unsigned char *text, long long start, long long end) {
    for (long long i = start; i < end; i++) {
        if (text[i] >= 0x80) return 0;
    }
    return 1;
}

/* encode_rows(source, rows, lo, hi, base_line, anchor, anchor_line, encoding)
 *   -> None | (size, first_line, first_char, last_line, last_char, rest_json)
 * The rows (`capture_rows`, from any number of calls joined) sorted, the first of each
 * overlapping run kept, those that start in [lo, hi) encoded in LSP's relative integers with
 * the first relative to (base_line, 0). `anchor` is the start of line `anchor_line`, at or before
 * every row encoded (else the walk starts again from the text's start, line 0). The result:
 * how many integers, the first token's two, the last token's (line - base_line, column), and
 * the integers after the first two as JSON array items. */
static PyObject *encode_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *source_obj, *rows_obj;
    long long lo, hi, base_line, anchor, anchor_line;
    int encoding;
    if (!PyArg_ParseTuple(args, "OOLLLLLi", &source_obj, &rows_obj, &lo, &hi, &base_line, &anchor, &anchor_line,
                          &encoding))
        return NULL;
    if (encoding != 8 && encoding != 16 && encoding != 32) {
        PyErr_SetString(PyExc_ValueError, "encoding: 8, 16 or 32");
        return NULL;
    }
    Py_buffer view, rows_view;
    if (PyObject_GetBuffer(source_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (PyObject_GetBuffer(rows_obj, &rows_view, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    size_t count = (size_t)rows_view.len / sizeof(Row);
    Row *rows = PyMem_Malloc(sizeof(Row) * (count ? count : 1));
    if (rows == NULL) {
        PyBuffer_Release(&rows_view);
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    if (count) memcpy(rows, rows_view.buf, sizeof(Row) * count);
    PyBuffer_Release(&rows_view);
    if (sort_rows(rows, count) < 0) {
        PyMem_Free(rows);
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }

    const unsigned char *text = view.buf;
    long long size = (long long)view.len;
    if (anchor < 0 || anchor > size || anchor_line < 0) anchor = anchor_line = 0;
    for (size_t i = 0; i < count; i++) {   /* the text's offsets only, whatever the rows say */
        if (rows[i].start < 0) rows[i].start = 0;
        if (rows[i].start > size) rows[i].start = size;
        if (rows[i].end < rows[i].start) rows[i].end = rows[i].start;
        if (rows[i].end > size) rows[i].end = size;
    }
    /* A row to encode that starts before the anchor (none does from the server's callers):
     * the walk then counts lines from the text's start. */
    long long walk_line = anchor_line;
    long long last_end = -1;
    for (size_t i = 0; i < count; i++) {
        if (rows[i].start < last_end) continue;
        last_end = rows[i].end;
        if (rows[i].start >= lo && rows[i].start < hi && rows[i].start < anchor) {
            anchor = 0;
            walk_line = 0;
            break;
        }
    }
    Walk w = {text, size, anchor, walk_line, anchor, 0, encoding};
    Text json = {NULL, 0, 0};
    long long integers = 0, first_line = 0, first_char = 0;
    long long prev_line = base_line, prev_char = 0;
    last_end = -1;
    for (size_t i = 0; i < count; i++) {
        Row *row = &rows[i];
        if (row->start < last_end) continue;   /* overlaps the token before */
        last_end = row->end;
        if (row->start < lo || row->start >= hi) continue;
        walk_to(&w, row->start);
        long long line = w.line, character = w.units, length;
        if (is_ascii(text, row->start, row->end)) {
            length = row->end - row->start;
        } else {
            walk_to(&w, row->end);
            length = w.units - character;
        }
        long long values[5] = {
            line == prev_line ? 0 : line - prev_line,
            line == prev_line ? character - prev_char : character,
            length, row->type, row->mods,
        };
        for (int k = 0; k < 5; k++) {
            if (integers == 0) first_line = values[k];
            else if (integers == 1) first_char = values[k];
            else if (put_int(&json, values[k], integers > 2) < 0) {
                PyMem_Free(json.buf);
                PyMem_Free(rows);
                PyBuffer_Release(&view);
                return PyErr_NoMemory();
            }
            integers++;
        }
        prev_line = line;
        prev_char = character;
    }
    PyMem_Free(rows);
    PyBuffer_Release(&view);
    if (integers == 0) {
        PyMem_Free(json.buf);
        Py_RETURN_NONE;
    }
    PyObject *rest = PyUnicode_FromStringAndSize(json.buf ? json.buf : "", (Py_ssize_t)json.len);
    PyMem_Free(json.buf);
    if (rest == NULL) return NULL;
    return Py_BuildValue("(LLLLLN)", integers, first_line, first_char, prev_line - base_line, prev_char, rest);
}

/* A byte of the value-name class [A-Za-z0-9_$.-] (value_id and caret_id after their sigil). */
static int is_name_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           c == '.' || c == '-';
}

/* The end of a quoted text starting at `at` (a `"`), the closing quote included, or -1 when it
 * does not close on its line the way the grammar's string does (`"([^"\\\r\n]|\\.)*"`): the
 * caller then leaves the text to the query. */
static long long quoted_end(const unsigned char *text, long long at, long long hi) {
    for (long long j = at + 1; j < hi; j++) {
        unsigned char c = text[j];
        if (c == '"') return j + 1;
        if (c == '\r' || c == '\n') return -1;
        if (c == '\\') {
            if (j + 1 >= hi || text[j + 1] == '\r' || text[j + 1] == '\n') return -1;
            j++;
        }
    }
    return -1;
}

/* The deepest bracket nesting lexed_rows accepts: the query starts no pattern deeper than
 * syntax/parser.py's MAX_QUERY_DEPTH (50,000) levels, and each bracket level is a handful of
 * tree levels, so at this depth every token is within the query's reach. */
#define MAX_LEXED_DEPTH 1000

/* The kinds of token lexed_rows finds, in the order of its `kinds` argument: the first KINDS
 * always, the last three (numbers and builtin types) only when `kinds` has ALL_KINDS items. */
enum {
    VALUE, OPERATOR, STRING, TYPE_ALIAS, ATTRIBUTE_ALIAS, PREFIX, TYPE_NAME, ATTRIBUTE_NAME, LAYOUT, KINDS,
    NUMBER = KINDS, FLOAT, BUILTIN_TYPE, ALL_KINDS
};

typedef struct { int rank, type, mods; } Kind;

typedef struct {
    Row *rows;
    size_t count, cap;
} Rows;

static int add_row(Rows *out, long long start, long long end, const Kind *kind) {
    if (out->count == out->cap) {
        size_t grown = out->cap * 2 + 256;
        Row *more = PyMem_Realloc(out->rows, sizeof(Row) * grown);
        if (more == NULL) return -1;
        out->rows = more;
        out->cap = grown;
    }
    Row *row = &out->rows[out->count++];
    row->start = start;
    row->end = end;
    row->rank = kind->rank;
    row->type = kind->type;
    row->mods = kind->mods;
    row->pad = 0;
    return 0;
}

static int is_alpha_(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(unsigned char c) {
    return c >= '0' && c <= '9';
}

static int is_hex(unsigned char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int is_word_byte(unsigned char c) {   /* bare_id after its first character */
    return is_alpha_(c) || is_digit(c) || c == '$' || c == '.';
}

static int starts_with(const unsigned char *text, long long at, long long hi, const char *word) {
    size_t n = strlen(word);
    return hi - at >= (long long)n && memcmp(text + at, word, n) == 0;
}

static int is_word(const unsigned char *text, long long start, long long end, const char *word) {
    size_t n = strlen(word);
    return end - start == (long long)n && memcmp(text + start, word, n) == 0;
}

static long long digits_end(const unsigned char *text, long long at, long long hi) {
    while (at < hi && is_digit(text[at])) at++;
    return at;
}

/* The longest match at `at` of each number token of the grammar, or -1 (grammar.js, "tokens"):
 * integer `-?[0-9]+|-?0x[0-9a-fA-F]+`. */
static long long integer_end(const unsigned char *text, long long at, long long hi) {
    long long j = at < hi && text[at] == '-' ? at + 1 : at;
    if (!(j < hi && is_digit(text[j]))) return -1;
    long long end = digits_end(text, j, hi);
    if (text[j] == '0' && j + 2 < hi && text[j + 1] == 'x' && is_hex(text[j + 2])) {
        long long k = j + 2;
        while (k < hi && is_hex(text[k])) k++;
        if (k > end) end = k;
    }
    return end;
}

/* float `-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?|-?0x[0-9a-fA-F]*(\.[0-9a-fA-F]*)?[pP][-+]?[0-9]+`. */
static long long float_end(const unsigned char *text, long long at, long long hi) {
    long long j = at < hi && text[at] == '-' ? at + 1 : at, end = -1;
    if (j < hi && is_digit(text[j])) {
        long long k = digits_end(text, j, hi);
        if (k < hi && text[k] == '.') {
            end = k = digits_end(text, k + 1, hi);
            if (k < hi && (text[k] == 'e' || text[k] == 'E')) {
                long long m = k + 1;
                if (m < hi && (text[m] == '-' || text[m] == '+')) m++;
                if (m < hi && is_digit(text[m])) end = digits_end(text, m, hi);
            }
        }
    }
    if (j + 1 < hi && text[j] == '0' && text[j + 1] == 'x') {
        long long k = j + 2;
        while (k < hi && is_hex(text[k])) k++;
        if (k < hi && text[k] == '.') {
            k++;
            while (k < hi && is_hex(text[k])) k++;
        }
        if (k < hi && (text[k] == 'p' || text[k] == 'P')) {
            long long m = k + 1;
            if (m < hi && (text[m] == '-' || text[m] == '+')) m++;
            if (m < hi && is_digit(text[m])) {
                m = digits_end(text, m, hi);
                if (m > end) end = m;
            }
        }
    }
    return end;
}

/* One `[0-9]+|\?` at `at`: its end, or -1. */
static long long extent_end(const unsigned char *text, long long at, long long hi) {
    if (at < hi && is_digit(text[at])) return digits_end(text, at, hi);
    return at < hi && text[at] == '?' ? at + 1 : -1;
}

/* shape `([0-9]+|\?)(x([0-9]+|\?))+`. */
static long long shape_end(const unsigned char *text, long long at, long long hi) {
    long long k = extent_end(text, at, hi), end = -1;
    while (k >= 0 && k < hi && text[k] == 'x') {
        k = extent_end(text, k + 1, hi);
        if (k >= 0) end = k;
    }
    return end;
}

/* scaled_basis `[0-9]+(@[0-9]+)+`. */
static long long scaled_basis_end(const unsigned char *text, long long at, long long hi) {
    if (!(at < hi && is_digit(text[at]))) return -1;
    long long k = digits_end(text, at, hi), end = -1;
    while (k + 1 < hi && text[k] == '@' && is_digit(text[k + 1])) end = k = digits_end(text, k + 1, hi);
    return end;
}

static long long blanks_end(const unsigned char *text, long long at, long long hi) {
    while (at < hi && (text[at] == ' ' || text[at] == '\t')) at++;
    return at;
}

/* dimension_list `(([0-9]+|\?|\[[0-9]+\])[ \t]*x[ \t]*)+`, or with `unranked` also
 * unranked_dimension `\*[ \t]*x`. */
static long long dimensions_end(const unsigned char *text, long long at, long long hi, int unranked) {
    if (unranked && at < hi && text[at] == '*') {
        long long k = blanks_end(text, at + 1, hi);
        return k < hi && text[k] == 'x' ? k + 1 : -1;
    }
    long long k = at, end = -1;
    for (;;) {
        long long m;
        if (k < hi && text[k] == '[') {
            m = k + 1 < hi && is_digit(text[k + 1]) ? digits_end(text, k + 1, hi) : -1;
            m = m >= 0 && m < hi && text[m] == ']' ? m + 1 : -1;
        } else {
            m = extent_end(text, k, hi);
        }
        if (m < 0) return end;
        m = blanks_end(text, m, hi);
        if (!(m < hi && text[m] == 'x')) return end;
        end = k = blanks_end(text, m + 1, hi);
    }
}

static const char *const FLOAT_TYPES[] = {
    "bf16", "f16", "f32", "f64", "f80", "f128", "tf32", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3",
    "f8E4M3FN", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU", "index", "none", NULL
};

/* A whole bare_id that the grammar reads as a builtin type where a type may stand: integer_type
 * `[su]?i[0-9]+`, a float type, `index`, `none`. */
static int is_builtin_type(const unsigned char *text, long long start, long long end) {
    if (strchr("bfintsu", text[start]) == NULL) return 0;   /* the first letters of them all */
    long long k = start;
    if (k < end && (text[k] == 's' || text[k] == 'u')) k++;
    if (k + 1 < end && text[k] == 'i' && digits_end(text, k + 1, end) == end) return 1;
    for (int n = 0; FLOAT_TYPES[n] != NULL; n++) {
        if (is_word(text, start, end, FLOAT_TYPES[n])) return 1;
    }
    return 0;
}

/* What a bracket holds, as far as numbers and builtin types go:
 *  - GENERAL: a custom op's body, a group in it, a type list, an attribute value, a region:
 *    integers and floats; a builtin type word is a type (but where an op name stands);
 *  - BODY: a dialect type's or attribute's `<...>` and the groups in it, a builtin attribute's
 *    (`dense<...>`), a quantile type's: shapes `4x8` too, and every type word is a type;
 *  - LAYOUT: a CuTe layout's body: integers and scaled bases `1@0`, no type;
 *  - DICT: an attribute dictionary: a word after `{` or `,` is a key, after `=` `:` `->` a value;
 *  - UNSURE: a `{` the text alone does not tell a region from a dictionary by (`{a}`);
 *  - ATTRIBUTE: a `(` `[` in a dictionary's value, a builtin shaped type's `<...>`: as GENERAL,
 *    but a `{` there is a dictionary. */
enum { GENERAL, BODY, LAYOUT_BODY, DICT, UNSURE, ATTRIBUTE };

/* The token before, as far as the meaning of the next word goes. */
enum { P_START, P_OPEN_BRACE, P_COMMA, P_EQUALS, P_TYPE_MARK, P_WORD, P_CLOSE_ANGLE, P_CLOSE_SQUARE, P_OTHER };

typedef struct { unsigned char opener, holds; } Open;

/* The end of the comment or blanks from `at` on (line ends included), or of the text. */
static long long skip_blank_text(const unsigned char *text, long long at, long long hi) {
    for (;;) {
        while (at < hi && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        if (!(at + 1 < hi && text[at] == '/' && text[at + 1] == '/')) return at;
        while (at < hi && text[at] != '\n' && text[at] != '\r') at++;
    }
}

/* Words the scanner never takes for an op's name (src/scanner.c, CONTINUATION_WORDS). */
static const char *const CONTINUATION_WORDS[] = {
    "attributes", "else", "to", "step", "iter_args", "into", "from", "blocks", "threads", "clusters",
    "dynamic_shared_memory_size", "workgroup", "private", "ins", "outs", "shared_outs", "output_shape", NULL
};

/* What the `{` at `at` opens in a custom op's body, from its first token: `%` `^` or `"op"(`
 * start a region's first statement, `[` `(` a brace group, a key followed by `=` `,` `}` a
 * dictionary. A word followed by anything else the scanner takes for an op's name where a
 * region may stand (src/scanner.c, looks_like_op_name), and no dictionary goes on so; but
 * where a region may stand the text alone does not say (`"d.op"(...) {...}` holds none), so a
 * word followed by what a dictionary's next key may begin with, or by what the scanner does
 * not take for a region, leaves it UNSURE. -1: `{-#`, file metadata, whose words are neither. */
static int brace_holds(const unsigned char *text, long long at, long long hi) {
    if (starts_with(text, at, hi, "{-#")) return -1;
    long long j = skip_blank_text(text, at + 1, hi);
    if (j >= hi) return UNSURE;
    unsigned char c = text[j];
    if (c == '}') return DICT;
    if (c == '%' || c == '^' || c == '[' || c == '(') return GENERAL;
    long long k;
    int dotted = 0, continuation = 0;
    if (c == '"') {
        k = quoted_end(text, j, hi);
        if (k < 0) return UNSURE;
    } else if (is_alpha_(c)) {
        k = j + 1;
        while (k < hi && is_word_byte(text[k])) dotted |= text[k++] == '.';
        for (int n = 0; CONTINUATION_WORDS[n] != NULL; n++) continuation |= is_word(text, j, k, CONTINUATION_WORDS[n]);
    } else {
        return UNSURE;
    }
    long long word_end = k;
    k = blanks_end(text, k, hi);
    c = k < hi ? text[k] : 0;
    if ((c == '=' && !(k + 1 < hi && text[k + 1] == '=')) || c == ',' || c == '}') return DICT;
    if (text[j] == '"') return c == '(' ? GENERAL : UNSURE;
    if (continuation || c == 0 || is_alpha_(c) || c == '"' || c == '\n' || c == '\r' || c == '/' || c == '=' ||
        c == ')' || c == ']' || c == '>')
        return UNSURE;
    if (c == ':') return (dotted || k > word_end) && !(k + 1 < hi && text[k + 1] == ':') ? GENERAL : UNSURE;
    if (c == '(' || c == '<') return dotted ? GENERAL : UNSURE;
    return GENERAL;
}

/* lexed_rows(source, lo, hi, kinds) -> bytes | None
 * kinds: the (rank, type index, modifier bits) of VALUE ... LAYOUT above, and optionally of
 * NUMBER, FLOAT, BUILTIN_TYPE after them.
 * The rows of the highlight patterns tokens.py's _LEXED_PATTERNS names, over [lo, hi), found
 * from the text alone, for a statement whose tree has no error (the caller checks). There the
 * tokens these are begin with a character no other token begins with, outside the tokens that
 * can hold one (strings, comments, value and block names, symbols, words, a dialect body's `/`
 * and the character after it), and are as long as their rule's longest match:
 *  - `%` and [A-Za-z0-9_$.-]+: a value name (VALUE);
 *  - `=` and `->` (OPERATOR);
 *  - `"` to the closing quote (STRING; the query adds the generic op name's and the dictionary
 *    key's captures of the same node, which come first);
 *  - `!` or `#`, [A-Za-z_][A-Za-z0-9_$]*: `cute.layout<` / `cute.composed_layout<` after it is
 *    a CuTe layout's keyword (LAYOUT); with `.` after it, a dialect prefix (PREFIX) and the
 *    type or attribute name right after it, [A-Za-z_][A-Za-z0-9_$.]* (TYPE_NAME after `!`,
 *    ATTRIBUTE_NAME after `#`); with `<` after it, an opaque dialect prefix (PREFIX); else a
 *    type alias (`!`) or an attribute alias (`#`).
 * With the last three kinds, numbers and builtin types too, which the tokens the parser may
 * take at a place decide, so the brackets around are followed (see GENERAL ... UNSURE): a
 * number is the longest of the number tokens valid in its bracket (NUMBER, or FLOAT for a
 * float); a word [A-Za-z_][A-Za-z0-9_$.]* that is a builtin type is one (BUILTIN_TYPE) where
 * a type may stand, and so are `memref` `tensor` `vector` `complex` `tuple` `quantile` right
 * before their `<`; right after `memref<` `tensor<` `vector<` a dimension list is a number.
 * Where the text alone may not tell, the answer is None and the query finds every token: `==`,
 * `<=` and `>=` (tokens of their own where the parser wants one, `<` or `>` then `=`
 * elsewhere), a `%` with no name, a string that does not close on its line, a NUL byte (a blank
 * the scanner handles), a dialect prefix with no name after it, nesting deeper than
 * MAX_LEXED_DEPTH; with numbers and types also brackets that do not pair up (the scanner closed
 * one), a type word first on its line or where an op name or a key may stand, a `<` whose
 * meaning hangs on a blank or the token before, a shape that ties with a hexadecimal integer,
 * `distinct[`, file metadata. */
static PyObject *lexed_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *source_obj, *kinds_obj;
    long long lo, hi;
    if (!PyArg_ParseTuple(args, "OLLO!", &source_obj, &lo, &hi, &PyTuple_Type, &kinds_obj)) return NULL;
    Kind kinds[ALL_KINDS];
    Py_ssize_t kind_count = PyTuple_Size(kinds_obj);
    if (kind_count != KINDS && kind_count != ALL_KINDS) {
        PyErr_SetString(PyExc_ValueError, "kinds: one (rank, type, modifiers) per lexed kind");
        return NULL;
    }
    for (int k = 0; k < kind_count; k++) {
        if (!PyArg_ParseTuple(PyTuple_GetItem(kinds_obj, k), "iii", &kinds[k].rank, &kinds[k].type, &kinds[k].mods))
            return NULL;
    }
    int typed = kind_count == ALL_KINDS;   /* numbers and builtin types too */
    Py_buffer view;
    if (PyObject_GetBuffer(source_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *text = view.buf;
    long long size = (long long)view.len;
    if (lo < 0) lo = 0;
    if (hi > size) hi = size;
    Rows out = {NULL, 0, 0};
    Open stack[MAX_LEXED_DEPTH + 1];
    long long depth = 0;
    int declined = lo < hi && memchr(text + lo, 0, (size_t)(hi - lo)) != NULL;
    int failed = 0;
    int prev = P_START, line_first = 1;
    int word_mem = 0, word_divby = 0, equals_after_mem = 0;   /* `mem_order =`, `divby` before */
    long long angle_at = -1;   /* a `<` a word or name before it decided: */
    int angle_holds = GENERAL, angle_dimensions = 0;   /* what it holds, a dimension list first */
    int dimensions = 0;   /* 1: the next token may be a dimension list, 2: also unranked */
    for (long long i = lo; i < hi && !declined && !failed;) {
        unsigned char c = text[i];
        unsigned char next = i + 1 < hi ? text[i + 1] : 0;
        int holds = depth ? stack[depth - 1].holds : GENERAL;
        long long end;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            i++;
            continue;
        }
        if (c == '\n' || c == '\r') {
            line_first = 1;
            i++;
            continue;
        }
        if (typed && dimensions && !(c == '/' && next == '/')) {
            int unranked = dimensions == 2;
            dimensions = 0;
            if (is_digit(c) || c == '?' || c == '[' || (unranked && c == '*')) {
                end = dimensions_end(text, i, hi, unranked);
                if (end < 0) {
                    declined = 1;
                    continue;
                }
                failed = add_row(&out, i, end, &kinds[NUMBER]);
                prev = P_OTHER;
                line_first = 0;
                i = end;
                continue;
            }
        }
        int was_line_first = line_first, before = prev;
        line_first = 0;
        prev = P_OTHER;
        switch (c) {
        case '"':
            end = quoted_end(text, i, hi);
            if (end < 0) {
                declined = 1;
                continue;
            }
            failed = add_row(&out, i, end, &kinds[STRING]);
            i = end;
            continue;
        case '/':
            if (next == '/') {   /* a comment: the rest of the line, no token */
                while (i < hi && text[i] != '\n' && text[i] != '\r') i++;
                line_first = was_line_first;
                prev = before;
            } else {
                i += (i + 1 < hi && next != '\n') ? 2 : 1;   /* a dialect body's free punctuation */
            }
            continue;
        case '%':
            end = i + 1;
            while (end < hi && is_name_byte(text[end])) end++;
            if (end == i + 1) {
                declined = 1;
                continue;
            }
            failed = add_row(&out, i, end, &kinds[VALUE]);
            i = end;
            if (i + 1 < hi && text[i] == '#' && is_digit(text[i + 1])) i = digits_end(text, i + 1, hi);   /* `%0#1` */
            continue;
        case '^':
            i++;
            while (i < hi && is_name_byte(text[i])) i++;
            continue;
        case '@':
            if (next == '"') {
                end = quoted_end(text, i + 1, hi);
                if (end < 0) declined = 1;
                i = end;
                continue;
            }
            i++;
            if (i < hi && (is_alpha_(text[i]) || text[i] == '$' || text[i] == '.' || text[i] == '-')) {
                while (i < hi && is_name_byte(text[i])) i++;
            }
            continue;
        case '!':
        case '#': {
            if (!(i + 1 < hi && is_alpha_(next))) break;   /* `#0` after a value, `#-}`, a lone `!` */
            if (starts_with(text, i + 1, hi, "cute.layout<") || starts_with(text, i + 1, hi, "cute.composed_layout<")) {
                end = i + 1 + (text[i + 6] == 'l' ? 12 : 21);
                failed = add_row(&out, i, end, &kinds[LAYOUT]);
                if (depth == MAX_LEXED_DEPTH) {
                    declined = 1;
                    continue;
                }
                stack[depth++] = (Open){'<', LAYOUT_BODY};
                i = end;
                continue;
            }
            end = i + 1;
            while (end < hi && (is_alpha_(text[end]) || is_digit(text[end]) || text[end] == '$')) end++;
            if (end < hi && text[end] == '.') {
                long long name = end + 1, name_end = name;
                if (!(name < hi && is_alpha_(text[name]))) {
                    declined = 1;
                    continue;
                }
                while (name_end < hi && is_word_byte(text[name_end])) name_end++;
                failed = add_row(&out, i, name, &kinds[PREFIX]) ||
                         add_row(&out, name, name_end, &kinds[c == '!' ? TYPE_NAME : ATTRIBUTE_NAME]);
                prev = P_WORD;   /* a `<` after a blank: parameters or a group of the op's? */
                angle_at = name_end;
                angle_holds = BODY;
                angle_dimensions = 0;
                i = name_end;
                continue;
            }
            if (end < hi && text[end] == '<') {
                failed = add_row(&out, i, end + 1, &kinds[PREFIX]);
                if (depth == MAX_LEXED_DEPTH) {
                    declined = 1;
                    continue;
                }
                stack[depth++] = (Open){'<', BODY};
                i = end + 1;
                continue;
            }
            failed = add_row(&out, i, end, &kinds[c == '!' ? TYPE_ALIAS : ATTRIBUTE_ALIAS]);
            prev = P_WORD;
            i = end;
            continue;
        }
        case '=':
            if (next == '=') {
                declined = 1;
                continue;
            }
            failed = add_row(&out, i, i + 1, &kinds[OPERATOR]);
            prev = P_EQUALS;
            equals_after_mem = before == P_WORD && word_mem;
            i++;
            continue;
        case '-':
            if (next == '>') {
                failed = add_row(&out, i, i + 2, &kinds[OPERATOR]);
                prev = P_TYPE_MARK;
                i += 2;
                continue;
            }
            break;
        case ':':
            prev = P_TYPE_MARK;
            break;
        case ',':
            prev = P_COMMA;
            break;
        case '<':
        case '>':
            if (next == '=') {
                declined = 1;
                continue;
            }
            break;
        default:
            break;
        }
        if (!typed) {   /* brackets by depth only, as before numbers and types were read */
            if (c == '<' || c == '(' || c == '[' || c == '{') {
                if (depth == MAX_LEXED_DEPTH) declined = 1;
                else stack[depth++] = (Open){c, GENERAL};
            } else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth) {
                depth--;
            }
            i++;
            continue;
        }
        if (is_alpha_(c)) {   /* a word: a key, a keyword, a type, an op's name */
            end = i + 1;
            while (end < hi && is_word_byte(text[end])) end++;
            int angle = end < hi && text[end] == '<' && !(end + 1 < hi && text[end + 1] == '=');
            int shaped = 0, builtin = is_builtin_type(text, i, end);
            static const char *const SHAPED[] = {"memref", "tensor", "vector", "complex", "tuple", "quantile", NULL};
            static const char *const ATTRIBUTE_KINDS[] = {"dense", "dense_resource", "sparse", "array", "affine_map",
                                                          "affine_set", "strided", "opaque", NULL};
            for (int n = 0; angle && SHAPED[n] != NULL; n++) {
                if (is_word(text, i, end, SHAPED[n])) shaped = n + 1;
            }
            if (builtin || shaped) {
                /* where a type may stand, but not an op's name or a key */
                int emit;
                if (was_line_first || (builtin && angle) || holds == LAYOUT_BODY || holds == UNSURE) emit = -1;
                else if (holds == BODY) emit = before == P_EQUALS && equals_after_mem ? -1 : 1;
                else if (holds == DICT)
                    emit = before == P_EQUALS || before == P_TYPE_MARK ? 1 : (before == P_OPEN_BRACE || before == P_COMMA) && !shaped ? 0 : -1;
                else emit = before == P_START || before == P_OPEN_BRACE || before == P_EQUALS ? -1 : 1;
                if (emit < 0) {
                    declined = 1;
                    continue;
                }
                if (emit) failed = add_row(&out, i, end, &kinds[BUILTIN_TYPE]);
            }
            if (angle) {
                angle_at = end;
                angle_dimensions = 0;
                angle_holds = holds == BODY || holds == LAYOUT_BODY ? holds
                              : holds == DICT || holds == ATTRIBUTE ? ATTRIBUTE : GENERAL;
                if (shaped) {   /* a type's brackets hold no region */
                    angle_holds = shaped == 6 ? BODY : ATTRIBUTE;
                    angle_dimensions = shaped <= 2 ? 2 : shaped == 3 ? 1 : 0;
                }
                for (int n = 0; ATTRIBUTE_KINDS[n] != NULL; n++) {
                    if (is_word(text, i, end, ATTRIBUTE_KINDS[n])) angle_holds = BODY;
                }
            }
            if (end < hi && text[end] == '[' && is_word(text, i, end, "distinct")) declined = 1;
            word_mem = is_word(text, i, end, "mem_order") || is_word(text, i, end, "mem_scope");
            word_divby = is_word(text, i, end, "divby");
            prev = P_WORD;
            i = end;
            continue;
        }
        if (is_digit(c) || (c == '-' && is_digit(next)) || (c == '?' && holds == BODY)) {
            long long number = integer_end(text, i, hi), real = -1, other = -1;
            if (holds == LAYOUT_BODY) {
                other = scaled_basis_end(text, i, hi);
            } else {
                real = float_end(text, i, hi);
                if (holds == BODY) other = shape_end(text, i, hi);
            }
            /* a shape as long as a hexadecimal integer (`0x10`): which one the lexer takes is
             * the grammar's order, not the text; after `divby` only an integer may stand */
            if ((other >= 0 && other == number && number >= real) ||
                (other > number && other > real && before == P_WORD && word_divby)) {
                declined = 1;
                continue;
            }
            end = number > real ? number : real;
            if (other > end) end = other;
            if (end < 0) {   /* a lone `?` */
                i++;
                continue;
            }
            failed = add_row(&out, i, end, &kinds[end == real && real > number && real > other ? FLOAT : NUMBER]);
            i = end;
            continue;
        }
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            int inner = holds == BODY || holds == LAYOUT_BODY ? holds : holds == DICT || holds == ATTRIBUTE ? ATTRIBUTE : GENERAL;
            if (c == '<' && i == angle_at) {
                inner = angle_holds;
                dimensions = angle_dimensions;
            } else if (c == '<' && (inner == GENERAL || inner == ATTRIBUTE) &&
                       (before == P_WORD || before == P_CLOSE_ANGLE || before == P_CLOSE_SQUARE || before == P_EQUALS)) {
                declined = 1;   /* `!d.a <1>`, `quantile<..><0:7>`, `= <...>`: a group or parameters? */
                continue;
            } else if (c == '{' && inner == LAYOUT_BODY) {
                declined = 1;
                continue;
            } else if (c == '{' && inner == ATTRIBUTE) {
                inner = DICT;
            } else if (c == '{' && inner == GENERAL) {
                inner = brace_holds(text, i, hi);
                if (inner < 0) {
                    declined = 1;
                    continue;
                }
            }
            if (depth == MAX_LEXED_DEPTH) {
                declined = 1;
                continue;
            }
            stack[depth++] = (Open){c, (unsigned char)inner};
            prev = c == '{' ? P_OPEN_BRACE : P_OTHER;
            i++;
            continue;
        }
        if (c == '>' || c == ')' || c == ']' || c == '}') {
            unsigned char opener = c == '>' ? '<' : c == ')' ? '(' : c == ']' ? '[' : '{';
            if (depth == 0 || stack[depth - 1].opener != opener) {   /* the scanner closed a bracket */
                declined = 1;
                continue;
            }
            depth--;
            prev = c == '>' ? P_CLOSE_ANGLE : c == ']' ? P_CLOSE_SQUARE : P_OTHER;
            i++;
            continue;
        }
        if (c == ':' || c == ',') prev = c == ':' ? P_TYPE_MARK : P_COMMA;
        i++;
    }
    if (typed && depth) declined = 1;
    PyBuffer_Release(&view);
    if (failed) {
        PyMem_Free(out.rows);
        return PyErr_NoMemory();
    }
    if (declined) {
        PyMem_Free(out.rows);
        Py_RETURN_NONE;
    }
    PyObject *result = PyBytes_FromStringAndSize(out.rows ? (const char *)out.rows : "",
                                                 (Py_ssize_t)(sizeof(Row) * out.count));
    PyMem_Free(out.rows);
    return result;
}

static PyMethodDef methods[] = {
    {"capture_rows", capture_rows, METH_VARARGS,
     "capture_rows(source, groups, max_length) -> bytes: the captured nodes as packed token rows."},
    {"lexed_rows", lexed_rows, METH_VARARGS,
     "lexed_rows(source, lo, hi, kinds) -> bytes | None: the rows of some patterns, found from the text."},
    {"encode_rows", encode_rows, METH_VARARGS,
     "encode_rows(source, rows, lo, hi, base_line, anchor, anchor_line, encoding): the rows in LSP's encoding."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_tokens",
    .m_doc = "Semantic tokens' rows and encoding (see tokens.c).",
    .m_size = -1,
    .m_methods = methods
};

PyMODINIT_FUNC PyInit__tokens(void) {
    start_name = PyUnicode_InternFromString("start_byte");
    end_name = PyUnicode_InternFromString("end_byte");
    if (start_name == NULL || end_name == NULL) return NULL;
    return PyModule_Create(&module);
}
