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

static PyMethodDef methods[] = {
    {"capture_rows", capture_rows, METH_VARARGS,
     "capture_rows(source, groups, max_length) -> bytes: the captured nodes as packed token rows."},
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
