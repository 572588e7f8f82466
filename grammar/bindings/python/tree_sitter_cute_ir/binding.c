#include <Python.h>
#include <string.h>

typedef struct TSLanguage TSLanguage;

TSLanguage *tree_sitter_cute_ir(void);

/* Hands the language to py-tree-sitter as a PyCapsule (int pointers are deprecated). */
static PyObject *_binding_language(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(args)) {
    return PyCapsule_New(tree_sitter_cute_ir(), "tree_sitter.Language", NULL);
}

/* server/cute_ir/syntax/errors.py `_OP_START`, matched at `at`: an op's results and its
 * custom-form name written on one line without comments (`%a, %b:2 = dialect.op`). Each part of
 * the pattern can match in one way only (what may follow a part never continues it), so a
 * scan that takes the longest of each part finds what the regular expression finds. Sets the
 * name's bounds and returns 1, or returns 0 where the pattern does not match. */
static int is_value_byte(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
           || c == '.' || c == '-';
}

static int is_name_first(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static int is_name_byte(unsigned char c) {
    return is_name_first(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
}

static Py_ssize_t blanks_end(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    while (at < size && (text[at] == ' ' || text[at] == '\t')) at++;
    return at;
}

/* After the results' `=` and its blanks, or -1 when the text has no results part there. */
static Py_ssize_t results_end(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    Py_ssize_t k = at;
    for (;;) {
        if (k >= size || text[k] != '%') return -1;
        Py_ssize_t name = ++k;
        while (k < size && is_value_byte(text[k])) k++;
        if (k == name) return -1;
        if (k + 1 < size && text[k] == ':' && text[k + 1] >= '0' && text[k + 1] <= '9') {
            k++;
            while (k < size && text[k] >= '0' && text[k] <= '9') k++;
        }
        k = blanks_end(text, k, size);
        if (k < size && text[k] == '=') return blanks_end(text, k + 1, size);
        if (k >= size || text[k] != ',') return -1;
        k = blanks_end(text, k + 1, size);
    }
}

static int op_start(const unsigned char *text, Py_ssize_t at, Py_ssize_t size, Py_ssize_t *start, Py_ssize_t *end) {
    if (at < 0 || at >= size) return 0;
    Py_ssize_t k = results_end(text, at, size);
    if (k < 0) k = at;          /* (at a `%`, the name cannot match either) */
    if (k >= size || !is_name_first(text[k])) return 0;
    *start = k;
    while (++k < size && is_name_byte(text[k])) {}
    *end = k;
    return 1;
}

/* errors.py `_CLEAN_BINARY` matched at `at`: `[ \t]+USE[ \t]*,[ \t]*(?>USE)[ \t]*[:{A-Za-z]`,
 * with USE = `%[A-Za-z0-9_$.\-]+(?:#[0-9]+)?`: each value's name is read whole. */
static Py_ssize_t digits_end(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    while (at < size && text[at] >= '0' && text[at] <= '9') at++;
    return at;
}

static int is_letter(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* After a value's name (`%name`), or -1 when none starts at `at`. */
static Py_ssize_t value_end(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    if (at >= size || text[at] != '%') return -1;
    Py_ssize_t k = at + 1;
    while (k < size && is_value_byte(text[k])) k++;
    return k == at + 1 ? -1 : k;
}

/* After a use's `#n`, if one follows at `at`. */
static Py_ssize_t number_end(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    if (at + 1 < size && text[at] == '#' && text[at + 1] >= '0' && text[at + 1] <= '9')
        return digits_end(text, at + 1, size);
    return at;
}

static int clean_binary(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    Py_ssize_t k = blanks_end(text, at, size);
    if (k == at) return 0;
    k = value_end(text, k, size);
    if (k < 0) return 0;
    k = blanks_end(text, number_end(text, k, size), size);
    if (k >= size || text[k] != ',') return 0;
    Py_ssize_t second = blanks_end(text, k + 1, size);
    Py_ssize_t end = value_end(text, second, size);
    if (end < 0) return 0;
    k = blanks_end(text, number_end(text, end, size), size);
    return k < size && (text[k] == ':' || text[k] == '{' || is_letter(text[k]));
}

static int word_at(const unsigned char *text, Py_ssize_t at, Py_ssize_t size, const char *word) {
    size_t n = strlen(word);
    return at >= 0 && (size_t)(size - at) >= n && memcmp(text + at, word, n) == 0;
}

/* After one of `words` at `at`, or -1 (no word of a list is the start of another). */
static Py_ssize_t one_of(const unsigned char *text, Py_ssize_t at, Py_ssize_t size, const char *const *words) {
    for (; *words != NULL; words++)
        if (word_at(text, at, size, *words)) return at + (Py_ssize_t)strlen(*words);
    return -1;
}

static const char *const FLOAT_VALUE_TYPES[] = {"index", "i32", "i64", "f32", "f64", "f16", "bf16", NULL};
static const char *const INTEGER_VALUE_TYPES[] = {"index", "i32", "i64", NULL};
static const char *const FLAGS[] = {"true", "false", NULL};

/* errors.py `_CLEAN_CONSTANT` matched at `at`: blanks, a float (or `true` / `false`) typed with
 * index, i32, i64, f32, f64, f16 or bf16, or an integer of at most nine digits typed with index,
 * i32 or i64, then the line's end. */
static int clean_constant(const unsigned char *text, Py_ssize_t at, Py_ssize_t size) {
    Py_ssize_t k = blanks_end(text, at, size);
    if (k == at) return 0;
    const char *const *types = FLOAT_VALUE_TYPES;
    Py_ssize_t flag = one_of(text, k, size, FLAGS);
    if (flag >= 0) {
        k = flag;
    } else {
        if (k < size && text[k] == '-') k++;
        Py_ssize_t digits = digits_end(text, k, size);
        if (digits == k) return 0;
        if (digits < size && text[digits] == '.') {
            k = digits_end(text, digits + 1, size);
            if (k < size && (text[k] == 'e' || text[k] == 'E')) {
                Py_ssize_t exponent = k + 1;
                if (exponent < size && (text[exponent] == '-' || text[exponent] == '+')) exponent++;
                Py_ssize_t end = digits_end(text, exponent, size);
                if (end > exponent) k = end;
            }
        } else {
            if (digits - k > 9) return 0;
            k = digits;
            types = INTEGER_VALUE_TYPES;
        }
    }
    k = blanks_end(text, k, size);
    if (k >= size || text[k] != ':') return 0;
    k = one_of(text, blanks_end(text, k + 1, size), size, types);
    if (k < 0) return 0;
    k = blanks_end(text, k, size);
    return k == size || text[k] == '\n' || (text[k] == '\r' && k + 1 < size && text[k + 1] == '\n');
}

/* The clean-body checks by the number `op_heads` is given for a name (errors.py `_CLEAN_KINDS`). */
static int (*const CLEAN_CHECKS[])(const unsigned char *, Py_ssize_t, Py_ssize_t) = {NULL, clean_binary,
                                                                                      clean_constant};

static PyObject *start_byte_name, *has_error_name;

/* op_heads(source, ops, lo, hi, intact, clean_bodies, make, from_tree) -> list
 * What errors.py's `op_names` does with `source`, one op after another: an op whose start
 * `_OP_START` matches (and, unless `intact`, that has no error) gives
 * make(name, start, end, op, None, clean) when its name starts in [lo, hi], where `clean` is
 * whether the check clean_bodies.get(name) names (1: `_CLEAN_BINARY`, 2: `_CLEAN_CONSTANT`)
 * matches at the name's end; any other op gives from_tree(op), kept unless None. */
static PyObject *op_heads(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *source_obj, *ops, *clean_bodies, *make, *from_tree;
    Py_ssize_t lo, hi;
    int intact;
    if (!PyArg_ParseTuple(args, "OO!nnpO!OO", &source_obj, &PyList_Type, &ops, &lo, &hi, &intact,
                          &PyDict_Type, &clean_bodies, &make, &from_tree))
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(source_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *text = view.buf;
    Py_ssize_t size = view.len;
    PyObject *out = PyList_New(0);
    if (out == NULL) goto fail;
    Py_ssize_t count = PyList_Size(ops);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *op = PyList_GetItem(ops, i);     /* borrowed */
        PyObject *value = PyObject_GetAttr(op, start_byte_name);
        if (value == NULL) goto fail;
        Py_ssize_t at = PyLong_AsSsize_t(value);
        Py_DECREF(value);
        if (at == -1 && PyErr_Occurred()) goto fail;
        Py_ssize_t start = 0, end = 0;
        int plain = op_start(text, at, size, &start, &end);
        if (plain && !intact) {
            PyObject *error = PyObject_GetAttr(op, has_error_name);
            if (error == NULL) goto fail;
            int broken = PyObject_IsTrue(error);
            Py_DECREF(error);
            if (broken < 0) goto fail;
            plain = !broken;
        }
        PyObject *found;
        if (!plain) {
            found = PyObject_CallFunctionObjArgs(from_tree, op, NULL);
            if (found == NULL) goto fail;
            if (found == Py_None) {
                Py_DECREF(found);
                continue;
            }
        } else {
            if (start < lo || start > hi) continue;
            PyObject *name = PyBytes_FromStringAndSize((const char *)text + start, end - start);
            if (name == NULL) goto fail;
            int clean = 0;
            PyObject *kind = PyDict_GetItemWithError(clean_bodies, name);    /* borrowed */
            if (kind == NULL && PyErr_Occurred()) {
                Py_DECREF(name);
                goto fail;
            }
            if (kind != NULL) {
                long check = PyLong_AsLong(kind);
                if (check < 1 || check > 2) {
                    Py_DECREF(name);
                    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "clean_bodies: 1 or 2 by name");
                    goto fail;
                }
                clean = CLEAN_CHECKS[check](text, end, size);
            }
            found = PyObject_CallFunction(make, "NnnOOO", name, start, end, op, Py_None, clean ? Py_True : Py_False);
            if (found == NULL) goto fail;
        }
        int appended = PyList_Append(out, found);
        Py_DECREF(found);
        if (appended < 0) goto fail;
    }
    PyBuffer_Release(&view);
    return out;
fail:
    Py_XDECREF(out);
    PyBuffer_Release(&view);
    return NULL;
}

static PyMethodDef methods[] = {
    {"language", _binding_language, METH_NOARGS,
     "Get the tree-sitter language for the cute-ir grammar."},
    {"op_heads", op_heads, METH_VARARGS,
     "op_heads(source, ops, lo, hi, intact, clean_bodies, make, from_tree): the ops' names read from the text "
     "where plain (server/cute_ir/syntax/errors.py `op_names`)."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_binding",
    .m_doc = NULL,
    .m_size = -1,
    .m_methods = methods
};

PyMODINIT_FUNC PyInit__binding(void) {
    start_byte_name = PyUnicode_InternFromString("start_byte");
    has_error_name = PyUnicode_InternFromString("has_error");
    if (start_byte_name == NULL || has_error_name == NULL) return NULL;
    return PyModule_Create(&module);
}
