/* The Tables type: a variant's tables and a hand bank, checked once.
 *
 * Tables(arrays, rules) takes a dict of buffers (NumPy arrays) and a dict of
 * numbers.  Each buffer must be C-contiguous with the expected item kind, size
 * and length, and every value that is later used as an index is range-checked
 * here, so the per-hand code can index without checks.  The buffers are held
 * (not copied) for the Tables's life.
 */
#include "kernel.h"

#include <math.h>

typedef struct {
    const char *name;
    char kind; /* 'i' signed, 'u' unsigned, 'f' float */
    Py_ssize_t itemsize;
    Py_ssize_t length;
    const void **target;
} ArraySpec;

static char kind_of(const char *format) {
    if (format == NULL) return 'u'; /* plain bytes */
    while (*format == '@' || *format == '=' || *format == '<') format++;
    switch (*format) {
        case 'b': case 'h': case 'i': case 'l': case 'q': return 'i';
        case 'B': case 'H': case 'I': case 'L': case 'Q': return 'u';
        case 'd': case 'f': return 'f';
        default: return '?';
    }
}

static int take_array(TablesObject *self, PyObject *arrays, const ArraySpec *spec) {
    PyObject *item = PyDict_GetItemString(arrays, spec->name);
    if (item == NULL) {
        PyErr_Format(PyExc_ValueError, "table %s is missing", spec->name);
        return -1;
    }
    Py_buffer *view = &self->views[self->view_count];
    if (PyObject_GetBuffer(item, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    self->view_count++;
    if (kind_of(view->format) != spec->kind || view->itemsize != spec->itemsize) {
        PyErr_Format(PyExc_ValueError, "table %s has items '%s' of %zd bytes, not kind '%c' of %zd",
                     spec->name, view->format ? view->format : "B", view->itemsize, spec->kind, spec->itemsize);
        return -1;
    }
    if (view->len != spec->length * spec->itemsize) {
        PyErr_Format(PyExc_ValueError, "table %s holds %zd items, not %zd", spec->name,
                     view->len / view->itemsize, spec->length);
        return -1;
    }
    *spec->target = view->buf;
    return 0;
}

static int range_error(const char *name, Py_ssize_t index, long long value) {
    PyErr_Format(PyExc_ValueError, "table %s: item %zd is %lld, out of range", name, index, value);
    return -1;
}

static int check_i32(const char *name, const int32_t *values, Py_ssize_t n, int64_t low, int64_t high) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (values[i] < low || values[i] > high) return range_error(name, i, values[i]);
    return 0;
}

static int check_u16(const char *name, const uint16_t *values, Py_ssize_t n, int64_t high) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (values[i] > high) return range_error(name, i, values[i]);
    return 0;
}

static int check_u8(const char *name, const uint8_t *values, Py_ssize_t n, int64_t high) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (values[i] > high) return range_error(name, i, values[i]);
    return 0;
}

static int check_i64(const char *name, const int64_t *values, Py_ssize_t n, int64_t low, int64_t high) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (values[i] < low || values[i] > high) return range_error(name, i, (long long)values[i]);
    return 0;
}

static int check_finite(const char *name, const double *values, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!isfinite(values[i])) {
            PyErr_Format(PyExc_ValueError, "table %s: item %zd is not a finite number", name, i);
            return -1;
        }
    }
    return 0;
}

static int check_bank(const Tables *m) {
    for (int64_t row = 0; row < m->bank_size; row++) {
        const int16_t *entry = m->bank_rows + m->bank_width * row;
        int rates_ok = m->bank_width < 8 || (entry[ROW_SCOOPS] >= 0 && entry[ROW_SCOOPS] <= RATE_SCALE &&
                                              entry[ROW_SCOOPED] >= 0 && entry[ROW_SCOOPED] <= RATE_SCALE);
        if (entry[0] < 0 || entry[0] >= m->n5 || entry[1] < 0 || entry[1] >= m->n5 || entry[2] < 0 ||
            entry[2] >= m->n3 || entry[3] < 0 || entry[3] >= NATURAL_SLOTS || !rates_ok) {
            PyErr_Format(PyExc_ValueError, "table bank_rows: hand %lld is out of range", (long long)row);
            return -1;
        }
    }
    return 0;
}

typedef struct {
    const char *name;
    int32_t *target;
    long low, high;
} IntRule;

static int take_int(PyObject *rules, const IntRule *rule) {
    PyObject *item = PyDict_GetItemString(rules, rule->name);
    if (item == NULL || !PyLong_Check(item)) {
        PyErr_Format(PyExc_ValueError, "rule %s must be an integer", rule->name);
        return -1;
    }
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (value < rule->low || value > rule->high) {
        PyErr_Format(PyExc_ValueError, "rule %s is %ld, not %ld to %ld", rule->name, value, rule->low,
                     rule->high);
        return -1;
    }
    *rule->target = (int32_t)value;
    return 0;
}

static int take_double(PyObject *rules, const char *name, double *target, double low, double high) {
    PyObject *item = PyDict_GetItemString(rules, name);
    if (item == NULL || !PyFloat_Check(item)) {
        PyErr_Format(PyExc_ValueError, "rule %s must be a float", name);
        return -1;
    }
    double value = PyFloat_AsDouble(item);
    if (!(value >= low && value <= high)) {
        PyErr_Format(PyExc_ValueError, "rule %s is out of range", name);
        return -1;
    }
    *target = value;
    return 0;
}

/* Every whole-number knob is a multiplier's size at most (the int32 sums are sized for it, kernel.h):
 * a range widened in the knob table alone does not build. */
#define KNOB_WITHIN_SIZE(name, low, high)                                                          \
    _Static_assert((low) >= 0 && (high) <= MAX_MULTIPLIER, #name " is beyond the kernel's MAX_MULTIPLIER");
PLAIN_KNOBS(KNOB_WITHIN_SIZE)
#undef KNOB_WITHIN_SIZE

static int take_rules(Tables *m, PyObject *rules, int32_t *bank_size) {
    const IntRule ints[] = {
        {"n5", &m->n5, 1, 8191},
        {"n3", &m->n3, 1, 511},
#define KERNEL_RULE_ENTRY(name, low, high) {#name, &m->name, low, high},
        KERNEL_RULES(KERNEL_RULE_ENTRY)
#undef KERNEL_RULE_ENTRY
        {"bank_size", bank_size, 0, MAX_BANK},
        {"bank_width", &m->bank_width, 4, 8},
    };
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
        if (take_int(rules, &ints[i]) < 0) return -1;
    if (m->bank_width != 4 && m->bank_width != 8) {
        PyErr_SetString(PyExc_ValueError, "rule bank_width must be 4 or 8");
        return -1;
    }
    if (m->sap_lang && m->bank_width != 8) { /* sập làng reads the rates */
        PyErr_SetString(PyExc_ValueError, "rule bank_width must be 8 (the scoop rates) with sap_lang");
        return -1;
    }
    if (take_double(rules, "natural_rate", &m->natural_rate, 0.0, 0.999) < 0) return -1;
    return take_double(rules, "natural_cost", &m->natural_cost, 0.0, 1e9);
}

static int take_arrays(TablesObject *self, PyObject *arrays) {
    Tables *m = &self->tables;
    const ArraySpec specs[] = {
        {"class_of_id5", 'i', 4, ID5_COUNT, (const void **)&m->class_of_id5},
        {"class_of_id3", 'i', 4, ID3_COUNT, (const void **)&m->class_of_id3},
        {"front_floor", 'i', 4, m->n3, (const void **)&m->front_floor},
        {"split_first", 'u', 2, UNORDERED_SPLITS, (const void **)&m->split_first},
        {"split_second", 'u', 2, UNORDERED_SPLITS, (const void **)&m->split_second},
        {"split_front", 'u', 2, UNORDERED_SPLITS, (const void **)&m->split_front},
        {"fives", 'u', 1, 5 * FIVE_SUBSETS, (const void **)&m->fives},
        {"threes", 'u', 1, 3 * THREE_SUBSETS, (const void **)&m->threes},
        {"offsets5", 'i', 4, 5 * 13, (const void **)&m->offsets5},
        {"offsets3", 'i', 4, 3 * 13, (const void **)&m->offsets3},
        {"screen_back", 'f', 8, (Py_ssize_t)m->n5 * SCREEN_COLUMNS, (const void **)&m->screen_back},
        {"screen_middle", 'f', 8, (Py_ssize_t)m->n5 * SCREEN_COLUMNS, (const void **)&m->screen_middle},
        {"screen_front", 'f', 8, (Py_ssize_t)m->n3 * SCREEN_COLUMNS, (const void **)&m->screen_front},
        {"value_back", 'i', 4, m->n5, (const void **)&m->value_back},
        {"value_middle", 'i', 4, m->n5, (const void **)&m->value_middle},
        {"value_front", 'i', 4, m->n3, (const void **)&m->value_front},
        {"strong_back", 'i', 8, m->n5, (const void **)&m->strong_back},
        {"strong_middle", 'i', 8, m->n5, (const void **)&m->strong_middle},
        {"strong_front", 'i', 8, m->n3, (const void **)&m->strong_front},
        {"natural_payout", 'i', 4, NATURAL_SLOTS, (const void **)&m->natural_payout},
        {"holds", 'u', 8, DECK_CARDS * m->bank_words, (const void **)&m->holds},
        {"bank_rows", 'i', 2, m->bank_size * m->bank_width, (const void **)&m->bank_rows},
    };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
        if (take_array(self, arrays, &specs[i]) < 0) return -1;
    return 0;
}

static int check_arrays(const Tables *m) {
    const int64_t strong_limit = (int64_t)1 << 60;
    if (check_i32("class_of_id5", m->class_of_id5, ID5_COUNT, -1, m->n5 - 1) < 0 ||
        check_i32("class_of_id3", m->class_of_id3, ID3_COUNT, 0, m->n3 - 1) < 0 ||
        check_i32("front_floor", m->front_floor, m->n3, 0, m->n5) < 0 ||
        check_u16("split_first", m->split_first, UNORDERED_SPLITS, FIVE_SUBSETS - 1) < 0 ||
        check_u16("split_second", m->split_second, UNORDERED_SPLITS, FIVE_SUBSETS - 1) < 0 ||
        check_u16("split_front", m->split_front, UNORDERED_SPLITS, THREE_SUBSETS - 1) < 0 ||
        check_u8("fives", m->fives, 5 * FIVE_SUBSETS, 12) < 0 ||
        check_u8("threes", m->threes, 3 * THREE_SUBSETS, 12) < 0 ||
        check_i32("offsets5", m->offsets5, 5 * 13, 0, ID5_COUNT) < 0 ||
        check_i32("offsets3", m->offsets3, 3 * 13, 0, ID3_COUNT) < 0 ||
        check_finite("screen_back", m->screen_back, (Py_ssize_t)m->n5 * SCREEN_COLUMNS) < 0 ||
        check_finite("screen_middle", m->screen_middle, (Py_ssize_t)m->n5 * SCREEN_COLUMNS) < 0 ||
        check_finite("screen_front", m->screen_front, (Py_ssize_t)m->n3 * SCREEN_COLUMNS) < 0 ||
        check_i32("value_back", m->value_back, m->n5, 0, MAX_VALUE) < 0 ||
        check_i32("value_middle", m->value_middle, m->n5, 0, MAX_VALUE) < 0 ||
        check_i32("value_front", m->value_front, m->n3, 0, MAX_VALUE) < 0 ||
        check_i64("strong_back", m->strong_back, m->n5, 0, strong_limit) < 0 ||
        check_i64("strong_middle", m->strong_middle, m->n5, 0, strong_limit) < 0 ||
        check_i64("strong_front", m->strong_front, m->n3, 0, strong_limit) < 0 ||
        check_i32("natural_payout", m->natural_payout, NATURAL_SLOTS, 0, MAX_PAYOUT) < 0)
        return -1;
    return check_bank(m);
}

static int tables_init(TablesObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"arrays", "rules", NULL};
    PyObject *arrays, *rules;
    if (self->view_count) {
        PyErr_SetString(PyExc_TypeError, "a Tables is built once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!:Tables", keywords, &PyDict_Type, &arrays, &PyDict_Type,
                                     &rules))
        return -1;
    Tables *m = &self->tables;
    int32_t bank_size = 0;
    if (take_rules(m, rules, &bank_size) < 0) return -1;
    m->bank_size = bank_size;
    m->bank_words = (bank_size + 63) / 64;
    if (take_arrays(self, arrays) < 0 || check_arrays(m) < 0) {
        for (int i = 0; i < self->view_count; i++) PyBuffer_Release(&self->views[i]);
        self->view_count = 0;
        return -1;
    }
    return 0;
}

static void tables_dealloc(TablesObject *self) {
    for (int i = 0; i < self->view_count; i++) PyBuffer_Release(&self->views[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *tables_bank_size(TablesObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->tables.bank_size);
}

static PyGetSetDef tables_getset[] = {
    {"bank_size", (getter)tables_bank_size, NULL, "hands in the bank (0 without one)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "maubinh_api.strategy.compiled_kernel.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A variant's tables and a hand bank, checked once (see kernel.h).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)tables_init,
    .tp_dealloc = (destructor)tables_dealloc,
    .tp_getset = tables_getset,
};
