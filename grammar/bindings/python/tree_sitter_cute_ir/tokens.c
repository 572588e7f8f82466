/* Semantic tokens' rows and their LSP encoding, in C: the per-capture work that costs a Python
 * step per token (reading each captured node's bytes, sorting, keeping the first of each
 * overlapping run, finding lines and columns, writing the integers) done in one pass.
 *
 * The highlight query decides which text is which token; these functions do what
 * server/cute_ir/features/tokens.py and server/cute_ir/lsp/semantic.py did with its captures,
 * and `lexed_rows` reads from the text of a statement with no syntax error the tokens the
 * query would capture there, as far as the text alone tells them (else it declines and the
 * query is asked), with the same results (tests/test_semantic_tokens_native.py compares them).
 * Built as an optional extension of its own: when it cannot be compiled the server keeps the
 * Python path.
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
    NUMBER = KINDS, FLOAT, BUILTIN_TYPE, ALL_KINDS,
    FUNCTION = ALL_KINDS, KEYWORD, PROPERTY, CONSTANT, CONSTANT_BUILTIN, BOOLEAN, FUNCTION_BUILTIN, COMMENT, LABEL,
    WORD_KINDS
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
 *    but a `{` there is a dictionary;
 *  - REGION: a region's `{`: as GENERAL, and its statements start where the scanner starts them. */
enum { GENERAL, BODY, LAYOUT_BODY, DICT, UNSURE, ATTRIBUTE, REGION };

/* The token before, as far as the meaning of the next word goes. */
enum { P_START, P_OPEN_BRACE, P_COMMA, P_EQUALS, P_TYPE_MARK, P_WORD, P_CLOSE_ANGLE, P_CLOSE_SQUARE, P_NUMBER, P_OTHER };

typedef struct { unsigned char opener, holds, generic_open; } Open;

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
    if (c == '%' || c == '^') return REGION;
    if (c == '[' || c == '(') return GENERAL;
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
    if (text[j] == '"') return c == '(' ? REGION : UNSURE;
    if (continuation || c == 0 || is_alpha_(c) || c == '"' || c == '\n' || c == '\r' || c == '/' || c == '=' ||
        c == ')' || c == ']' || c == '>')
        return UNSURE;
    if (c == ':') return (dotted || k > word_end) && !(k + 1 < hi && text[k + 1] == ':') ? REGION : UNSURE;
    if (c == '(' || c == '<') return dotted ? REGION : UNSURE;
    return REGION;
}

static long long scanner_blanks_end(const unsigned char *text, long long at, long long size) {
    while (at < size && (text[at] == ' ' || text[at] == '\t' || text[at] == '\f' || text[at] == '\v')) at++;
    return at;
}

/* Whether the scanner takes the word [at, end), first on its line, for an op's name (src/scanner.c,
 * looks_like_op_name); `size`: the text's, as far as the scanner may look. */
static int op_name_first(const unsigned char *text, long long at, long long end, long long size) {
    int dotted = memchr(text + at, '.', (size_t)(end - at)) != NULL;
    for (int n = 0; !dotted && CONTINUATION_WORDS[n] != NULL; n++) {
        if (is_word(text, at, end, CONTINUATION_WORDS[n])) return 0;
    }
    long long k = scanner_blanks_end(text, end, size);
    unsigned char c = k < size ? text[k] : 0;
    switch (c) {
    case '=': case ',': case '}': case ')': case ']': case '>':
        return 0;
    case ':':
        return (dotted || k > end) && !(k + 1 < size && text[k + 1] == ':');
    case '(': case '<':
        return dotted;
    default:
        return 1;
    }
}

/* Whether the scanner takes what starts at the `%` at `at` for results then `=` and an op's name
 * (src/scanner.c, looks_like_results_then_op). */
static int results_first(const unsigned char *text, long long k, long long size) {
    for (;;) {
        if (!(k < size && text[k] == '%')) return 0;
        k++;
        if (!(k < size && is_name_byte(text[k]))) return 0;
        while (k < size && is_name_byte(text[k])) k++;
        if (k < size && text[k] == ':') k = digits_end(text, k + 1, size);
        while (k < size && (text[k] == ' ' || text[k] == '\t' || text[k] == '\f' || text[k] == '\v' || text[k] == '\n' ||
                            text[k] == '\r')) k++;
        if (!(k < size && text[k] == ',')) break;
        k++;
        while (k < size && (text[k] == ' ' || text[k] == '\t' || text[k] == '\f' || text[k] == '\v' || text[k] == '\n' ||
                            text[k] == '\r')) k++;
        if (k < size && text[k] == '=') break;
    }
    if (!(k < size && text[k] == '=')) return 0;
    k++;
    if (k < size && text[k] == '=') return 0;
    k = scanner_blanks_end(text, k, size);
    if (k >= size || text[k] == '\n' || text[k] == '\r') return 1;
    return text[k] == '"' || is_alpha_(text[k]);
}

/* Whether the `"` at `at` starts a generic op: its string closes on its line and `(` follows. */
static int generic_first(const unsigned char *text, long long at, long long size) {
    long long k = quoted_end(text, at, size);
    if (k < 0) return 0;
    k = scanner_blanks_end(text, k, size);
    return k < size && text[k] == '(';
}

/* Whether the scanner takes the `^` at `at` for a block's label (src/scanner.c,
 * looks_like_block_label): a name, its arguments in parentheses if any, then `:`. */
static int block_label_first(const unsigned char *text, long long k, long long size) {
    k++;
    if (!(k < size && is_name_byte(text[k]))) return 0;
    while (k < size && is_name_byte(text[k])) k++;
    k = scanner_blanks_end(text, k, size);
    if (k < size && text[k] == '(') {
        long long depth = 0;
        do {
            if (k >= size) return 0;
            unsigned char c = text[k];
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '"') {
                k++;
                while (k < size && text[k] != '"') {
                    if (text[k] == '\n' || text[k] == '\r') return 0;
                    if (text[k] == '\\') k++;
                    k++;
                }
                if (k >= size) return 0;
            } else if (c == '{' || c == '}') {
                return 0;
            } else if (c == '/') {
                k++;
                if (k < size && text[k] == '/') {
                    while (k < size && text[k] != '\n' && text[k] != '\r') k++;
                }
                continue;
            }
            k++;
        } while (depth > 0);
        k = scanner_blanks_end(text, k, size);
    }
    return k < size && text[k] == ':';
}

/* Words that are string tokens of the grammar where the parser wants them (keywords) and not
 * a bare_id then: a key cannot be one. */
static const char *const KEYWORD_WORDS[] = {
    "true", "false", "unit", "divby", "mem_order", "mem_scope", "loc", "memref", "tensor", "vector", "complex",
    "tuple", "quantile", "dense", "dense_resource", "sparse", "array", "affine_map", "affine_set", "strided",
    "opaque", "b", "bit", "DP", NULL
};

static int is_one_of(const unsigned char *text, long long start, long long end, const char *const *words) {
    for (int n = 0; words[n] != NULL; n++) {
        if (is_word(text, start, end, words[n])) return 1;
    }
    return 0;
}

static const char *const ATTRIBUTE_KINDS[] = {"dense", "dense_resource", "sparse", "array", "affine_map",
                                              "affine_set", "strided", "opaque", NULL};

/* The token a word [at, end) that is not a builtin type is, with every token read (FUNCTION ...
 * LABEL), where it stands (`holds`, after `before`): -1 none, -2 the text alone may not tell.
 * An op's name; in a layout the swizzle's `S` (and `o`, no token); a dictionary's key; a builtin
 * attribute's kind before its `<`; `true` `false` `unit`; in a dialect body a key before `=`
 * (`mem_order`'s too), `mem_order`'s value, a keyword otherwise; in an op's body a keyword; in
 * an attribute's value `loc` only. */
static int word_kind(const unsigned char *text, long long at, long long end, long long size, int angle,
                     int op_position, int holds, int before, int equals_after_mem, int equals_after_key) {
    if (op_position) return FUNCTION;
    if (holds == LAYOUT_BODY) return is_word(text, at, end, "S") ? FUNCTION_BUILTIN : is_word(text, at, end, "o") ? -1 : -2;
    if (holds == UNSURE) return -2;
    if (holds == DICT && (before == P_OPEN_BRACE || before == P_COMMA)) return PROPERTY;
    if (holds == DICT && before != P_EQUALS) return -2;   /* `{a b}`: a key or a value? */
    int keyword = is_one_of(text, at, end, KEYWORD_WORDS);
    if (holds == BODY && before == P_EQUALS && equals_after_mem) return keyword ? -2 : CONSTANT;
    long long after = skip_blank_text(text, end, size);
    if (is_one_of(text, at, end, ATTRIBUTE_KINDS)) {
        if (angle) return FUNCTION_BUILTIN;
        if (after < size && text[after] == '<') return -2;   /* `dense <...>`: blanks between */
    }
    if (is_word(text, at, end, "true") || is_word(text, at, end, "false")) return BOOLEAN;
    if (is_word(text, at, end, "unit")) return CONSTANT_BUILTIN;
    if (holds == BODY) {
        int keyed = after < size && text[after] == '=' && !(after + 1 < size && text[after + 1] == '=');
        int unit = before == P_NUMBER && (is_word(text, at, end, "b") || is_word(text, at, end, "bit") ||
                                          is_word(text, at, end, "DP"));
        if (!keyed || (before == P_EQUALS && equals_after_key)) return KEYWORD;   /* a key's value */
        if (unit) return -2;
        return is_word(text, at, end, "mem_order") || is_word(text, at, end, "mem_scope") || !keyword ? PROPERTY : -2;
    }
    if (holds == GENERAL || holds == REGION) return KEYWORD;
    return is_word(text, at, end, "loc") ? KEYWORD : -2;   /* a dictionary's value, an attribute */
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
    Kind kinds[WORD_KINDS];
    Py_ssize_t kind_count = PyTuple_Size(kinds_obj);
    if (kind_count != KINDS && kind_count != ALL_KINDS && kind_count != WORD_KINDS) {
        PyErr_SetString(PyExc_ValueError, "kinds: one (rank, type, modifiers) per lexed kind");
        return NULL;
    }
    for (int k = 0; k < kind_count; k++) {
        if (!PyArg_ParseTuple(PyTuple_GetItem(kinds_obj, k), "iii", &kinds[k].rank, &kinds[k].type, &kinds[k].mods))
            return NULL;
    }
    int typed = kind_count >= ALL_KINDS;   /* numbers and builtin types too */
    int words = kind_count == WORD_KINDS;   /* and every other token: no query is left */
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
    int word_key = 0, equals_after_key = 0;   /* a dialect body's key, its `=` */
    long long angle_at = -1;   /* a `<` a word or name before it decided: */
    int angle_holds = GENERAL, angle_dimensions = 0;   /* what it holds, a dimension list first */
    int dimensions = 0;   /* 1: the next token may be a dimension list, 2: also unranked */
    /* Statements, with every token (region level: the unit's own, a region's own): */
    int stmt_start = 1;     /* the next token starts one: a word is an op's name */
    int line_open = 0;      /* the last line at region level ended with `,` `:` `->` `=` */
    int generic_open = 0;   /* a generic op's statement before its `:` */
    int results = 0, after_results = 0;   /* in `%a, %b:2 =`; the op's name follows it */
    int label_pending = 0;  /* a block's label before its `:` */
    long long label_depth = -1;
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
            if (words && (depth == 0 || holds == REGION))
                line_open = prev == P_COMMA || prev == P_TYPE_MARK || prev == P_EQUALS;
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
        /* Whether this token starts a statement, as the scanner decides (src/scanner.c): first in
         * the unit, in a region, after a label or results; first on its line at region level
         * when it looks like a statement's start, which after a line left open is unsure. */
        int op_position = 0;
        if (words && (depth == 0 || holds == REGION) && c != '}' && !(c == '/' && next == '/')) {
            if (results) {
                if (!(c == '%' || c == ':' || c == ',' || c == '=' || is_digit(c))) declined = 1;
            } else if (stmt_start) {
                op_position = 1;
            } else if (was_line_first) {
                long long word_end = i;
                while (word_end < size && is_word_byte(text[word_end])) word_end++;
                int starts = c == '%' ? results_first(text, i, size)
                           : c == '"' ? generic_first(text, i, size)
                           : c == '^' ? holds == REGION && block_label_first(text, i, size)
                           : is_alpha_(c) ? op_name_first(text, i, word_end, size)
                           : 0;
                if (is_alpha_(c) && !starts) declined = 1;   /* a keyword going on with an op */
                if ((c == '#' || c == '!') && i + 1 < hi && is_alpha_(next)) declined = 1;   /* an alias definition? */
                if (starts && (line_open || generic_open)) declined = 1;
                op_position = starts;
            }
            if (op_position) {
                stmt_start = 0;
                if (c == '%') results = 1;
                else if (c == '"') generic_open = 1;
                else if (c == '^' && holds == REGION && block_label_first(text, i, size)) label_pending = 1, label_depth = depth;
                else if (c == '^') declined = 1;
                else if (!is_alpha_(c) || (after_results && was_line_first)) declined = 1;
                after_results = 0;
            }
            if (declined) continue;
        }
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
            if (words && op_position) failed |= add_row(&out, i, end, &kinds[FUNCTION]);   /* a generic op's name */
            if (words && holds == DICT && (before == P_OPEN_BRACE || before == P_COMMA))
                failed |= add_row(&out, i, end, &kinds[PROPERTY]);   /* a dictionary's key */
            else if (words && holds == DICT && before != P_EQUALS)
                declined = 1;   /* `{a "b"}`: a key or a value? */
            i = end;
            continue;
        case '/':
            if (next == '/') {   /* a comment: the rest of the line */
                if (words && starts_with(text, i, hi, "// -----")) {   /* a split marker */
                    declined = 1;
                    continue;
                }
                end = i;
                while (end < hi && text[end] != '\n' && text[end] != '\r') end++;
                /* `//`, `// --` and the like take their line end (grammar.js, COMMENT): the next
                 * line is then not the first on its line to the scanner */
                int bare = end - i == 2 || (text[i + 2] == ' ' && end - i <= 7);
                for (long long k = i + 3; bare && k < end; k++) bare = text[k] == '-';
                if (words && bare) {
                    declined = 1;
                    continue;
                }
                if (words) failed = add_row(&out, i, end, &kinds[COMMENT]);
                i = end;
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
            if (i + 1 < hi && text[i] == '#' && is_digit(text[i + 1])) {   /* `%0#1` */
                end = digits_end(text, i + 1, hi);
                if (words) failed |= add_row(&out, i, end, &kinds[VALUE]);
                i = end;
            }
            continue;
        case '^':   /* a block's name; in a dialect body a character of its own */
            end = i + 1;
            while (holds != BODY && end < hi && is_name_byte(text[end])) end++;
            if (words && holds != BODY) {
                if (end == i + 1) declined = 1;
                else failed = add_row(&out, i, end, &kinds[LABEL]);
            }
            i = end;
            continue;
        case '@':
            if (next == '"') {
                end = quoted_end(text, i + 1, hi);
                if (end < 0) declined = 1;
                else if (words) failed = add_row(&out, i, end, &kinds[FUNCTION]);
                i = end;
                continue;
            }
            end = i + 1;
            if (end < hi && (is_alpha_(text[end]) || text[end] == '$' || text[end] == '.' || text[end] == '-')) {
                while (end < hi && is_name_byte(text[end])) end++;
                if (words) failed = add_row(&out, i, end, &kinds[FUNCTION]);   /* a symbol */
            }
            i = end;
            continue;
        case '!':
        case '#': {
            if (!(i + 1 < hi && is_alpha_(next))) break;   /* `#0` after a value, `#-}`, a lone `!` */
            if (op_position) {   /* an alias definition: its value is an attribute's */
                declined = 1;
                continue;
            }
            if (starts_with(text, i + 1, hi, "cute.layout<") || starts_with(text, i + 1, hi, "cute.composed_layout<")) {
                end = i + 1 + (text[i + 6] == 'l' ? 12 : 21);
                failed = add_row(&out, i, end, &kinds[LAYOUT]);
                if (depth == MAX_LEXED_DEPTH) {
                    declined = 1;
                    continue;
                }
                stack[depth++] = (Open){'<', LAYOUT_BODY, 0};
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
                stack[depth++] = (Open){'<', BODY, 0};
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
            equals_after_key = before == P_WORD && word_key;
            if (results) {   /* the op's name follows */
                results = 0;
                stmt_start = after_results = 1;
            }
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
            if (words && !results && (depth == 0 || holds == REGION)) {
                if (label_pending && depth == label_depth) stmt_start = 1;   /* the block's first statement */
                label_pending = 0;
                generic_open = 0;
            }
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
                else stack[depth++] = (Open){c, c == '<' && i == angle_at ? angle_holds : holds == BODY ? BODY : GENERAL, 0};
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
            for (int n = 0; SHAPED[n] != NULL; n++) {
                if (is_word(text, i, end, SHAPED[n])) shaped = n + 1;
            }
            if (!angle && (shaped || is_one_of(text, i, end, ATTRIBUTE_KINDS))) {
                /* `memref <...>`, `dense <...>`: their construct where it may stand, else a
                 * keyword and a group; the parse state says which */
                long long after = skip_blank_text(text, end, size);
                if (after < size && text[after] == '<') {
                    declined = 1;
                    continue;
                }
                shaped = 0;
            }
            if (builtin || shaped) {
                /* where a type may stand, but not an op's name or a key */
                int emit;
                if (was_line_first || op_position || (builtin && angle) || holds == LAYOUT_BODY || holds == UNSURE) emit = -1;
                else if (holds == BODY) emit = before == P_EQUALS && equals_after_mem ? -1 : 1;
                else if (holds == DICT)
                    emit = before == P_EQUALS || before == P_TYPE_MARK ? 1 : (before == P_OPEN_BRACE || before == P_COMMA) && !shaped ? 0 : -1;
                else emit = before == P_START || before == P_OPEN_BRACE || before == P_EQUALS ? -1 : 1;
                if (emit < 0) {
                    declined = 1;
                    continue;
                }
                if (emit || words) failed = add_row(&out, i, end, &kinds[emit ? BUILTIN_TYPE : PROPERTY]);
            } else if (words) {
                int kind = word_kind(text, i, end, size, angle, op_position, holds, before, equals_after_mem, equals_after_key);
                word_key = kind == PROPERTY && holds == BODY;
                if (kind == -2) {
                    declined = 1;
                    continue;
                }
                if (kind >= 0) failed = add_row(&out, i, end, &kinds[kind]);
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
            prev = P_NUMBER;
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
            stack[depth++] = (Open){c, (unsigned char)inner, (unsigned char)generic_open};
            if (inner == REGION) {   /* its statements: the first starts right after the `{` */
                generic_open = 0;
                stmt_start = 1;
            }
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
            if (stack[depth].holds == REGION) generic_open = stack[depth].generic_open;
            stmt_start = 0;
            prev = c == '>' ? P_CLOSE_ANGLE : c == ']' ? P_CLOSE_SQUARE : P_OTHER;
            i++;
            continue;
        }
        if (c == ':' || c == ',') prev = c == ':' ? P_TYPE_MARK : P_COMMA;
        i++;
    }
    if (typed && depth) declined = 1;
    if (words && (results || label_pending)) declined = 1;
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
