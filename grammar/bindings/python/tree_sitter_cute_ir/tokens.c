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
    qsort(rows, count, sizeof(Row), compare_rows);

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

/* The kinds of token lexed_rows finds, in the order of its `kinds` argument. */
enum { VALUE, OPERATOR, STRING, TYPE_ALIAS, ATTRIBUTE_ALIAS, PREFIX, TYPE_NAME, ATTRIBUTE_NAME, LAYOUT, KINDS };

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

static int starts_with(const unsigned char *text, long long at, long long hi, const char *word) {
    size_t n = strlen(word);
    return hi - at >= (long long)n && memcmp(text + at, word, n) == 0;
}

/* lexed_rows(source, lo, hi, kinds) -> bytes | None
 * kinds: the (rank, type index, modifier bits) of VALUE ... LAYOUT above.
 * The rows of the highlight patterns tokens.py's _LEXED_PATTERNS names, over [lo, hi), found
 * from the text alone, for a statement whose tree has no error (the caller checks). There the
 * tokens these are begin with a character no other token begins with, outside the tokens that
 * can hold one (strings, comments, value and block names, symbols, a dialect body's `/` and
 * the character after it), and are as long as their rule's longest match:
 *  - `%` and [A-Za-z0-9_$.-]+: a value name (VALUE);
 *  - `=` and `->` (OPERATOR);
 *  - `"` to the closing quote (STRING; the query adds the generic op name's and the dictionary
 *    key's captures of the same node, which come first);
 *  - `!` or `#`, [A-Za-z_][A-Za-z0-9_$]*: `cute.layout<` / `cute.composed_layout<` after it is
 *    a CuTe layout's keyword (LAYOUT); with `.` after it, a dialect prefix (PREFIX) and the
 *    type or attribute name right after it, [A-Za-z_][A-Za-z0-9_$.]* (TYPE_NAME after `!`,
 *    ATTRIBUTE_NAME after `#`); with `<` after it, an opaque dialect prefix (PREFIX); else a
 *    type alias (`!`) or an attribute alias (`#`).
 * Where the text alone may not tell, the answer is None and the query finds every token: `==`,
 * `<=` and `>=` (tokens of their own where the parser wants one, `<` or `>` then `=`
 * elsewhere), a `%` with no name, a string that does not close on its line, a NUL byte (a blank
 * the scanner handles), a dialect prefix with no name after it, nesting deeper than
 * MAX_LEXED_DEPTH. */
static PyObject *lexed_rows(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *source_obj, *kinds_obj;
    long long lo, hi;
    if (!PyArg_ParseTuple(args, "OLLO!", &source_obj, &lo, &hi, &PyTuple_Type, &kinds_obj)) return NULL;
    Kind kinds[KINDS];
    if (PyTuple_Size(kinds_obj) != KINDS) {
        PyErr_SetString(PyExc_ValueError, "kinds: one (rank, type, modifiers) per lexed kind");
        return NULL;
    }
    for (int k = 0; k < KINDS; k++) {
        if (!PyArg_ParseTuple(PyTuple_GetItem(kinds_obj, k), "iii", &kinds[k].rank, &kinds[k].type, &kinds[k].mods))
            return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(source_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *text = view.buf;
    long long size = (long long)view.len;
    if (lo < 0) lo = 0;
    if (hi > size) hi = size;
    Rows out = {NULL, 0, 0};
    long long depth = 0;
    int declined = lo < hi && memchr(text + lo, 0, (size_t)(hi - lo)) != NULL;
    int failed = 0;
    for (long long i = lo; i < hi && !declined && !failed;) {
        unsigned char c = text[i];
        unsigned char next = i + 1 < hi ? text[i + 1] : 0;
        long long end;
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
            if (next == '/') {   /* a comment: the rest of the line */
                while (i < hi && text[i] != '\n' && text[i] != '\r') i++;
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
                depth++;
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
                while (name_end < hi && (is_alpha_(text[name_end]) || is_digit(text[name_end]) || text[name_end] == '$' ||
                                         text[name_end] == '.')) name_end++;
                failed = add_row(&out, i, name, &kinds[PREFIX]) ||
                         add_row(&out, name, name_end, &kinds[c == '!' ? TYPE_NAME : ATTRIBUTE_NAME]);
                i = name_end;
                continue;
            }
            if (end < hi && text[end] == '<') {
                failed = add_row(&out, i, end + 1, &kinds[PREFIX]);
                depth++;
                i = end + 1;
                continue;
            }
            failed = add_row(&out, i, end, &kinds[c == '!' ? TYPE_ALIAS : ATTRIBUTE_ALIAS]);
            i = end;
            continue;
        }
        case '=':
            if (next == '=') {
                declined = 1;
                continue;
            }
            failed = add_row(&out, i, i + 1, &kinds[OPERATOR]);
            i++;
            continue;
        case '-':
            if (next == '>') {
                failed = add_row(&out, i, i + 2, &kinds[OPERATOR]);
                i += 2;
                continue;
            }
            break;
        case '<':
        case '>':
            if (next == '=') {
                declined = 1;
                continue;
            }
            depth += c == '<' ? 1 : -1;
            break;
        case '(':
        case '[':
        case '{':
            depth++;
            break;
        case ')':
        case ']':
        case '}':
            depth--;
            break;
        default:
            break;
        }
        if (depth < 0) depth = 0;
        if (depth > MAX_LEXED_DEPTH) declined = 1;
        i++;
    }
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
