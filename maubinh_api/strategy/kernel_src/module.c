/* maubinh_api.strategy.compiled_kernel: the Tables and Hand types.
 *
 * Hand(tables, cards, opponents, shortlist, field) does the per-hand
 * work in one call, without the GIL; its methods answer from what it built.
 * Every argument is checked here: cards (13 distinct indices 0-51, sorted),
 * counts, classes and split ids, so no input reaches the arrays unchecked.
 */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    HandState state;
    int ready;
} HandObject;

static int check_count(const char *name, long value, long low, long high) {
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %ld to %ld, not %ld", name, low, high, value);
        return -1;
    }
    return 0;
}

/* The one check of a hand's cards, for Hand() and best_splits() alike. */
static int cards_in_order(const uint8_t *cards) {
    int ok = 1;
    for (int i = 0; i < HAND_CARDS; i++) ok &= cards[i] < DECK_CARDS && (i == 0 || cards[i] > cards[i - 1]);
    return ok;
}

static int read_cards(PyObject *cards, uint8_t out[HAND_CARDS]) {
    Py_buffer view;
    if (PyObject_GetBuffer(cards, &view, PyBUF_SIMPLE) < 0) return -1;
    int ok = view.len == HAND_CARDS;
    if (ok) {
        memcpy(out, view.buf, HAND_CARDS);
        ok = cards_in_order(out);
    }
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "cards must be 13 distinct card indices 0-51 in increasing order");
        return -1;
    }
    return 0;
}

static int hand_init(HandObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"tables", "cards", "opponents", "shortlist", "field", NULL};
    TablesObject *tables;
    PyObject *cards;
    long opponents, shortlist;
    int with_field;
    if (self->ready) {
        PyErr_SetString(PyExc_TypeError, "a Hand is built once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!Ollp:Hand", keywords, &TablesType, &tables, &cards,
                                     &opponents, &shortlist, &with_field))
        return -1;
    HandState *hand = &self->state;
    if (read_cards(cards, hand->cards) < 0 || check_count("opponents", opponents, 1, MAX_OPPONENTS) < 0 ||
        check_count("shortlist", shortlist, 1, MAX_PICKS) < 0)
        return -1;
    const Tables *m = &tables->tables;
    if (with_field && m->bank_size == 0) {
        PyErr_SetString(PyExc_ValueError, "these tables have no hand bank, so no field");
        return -1;
    }
    if (!tables->view_count) {
        PyErr_SetString(PyExc_ValueError, "the tables were not built");
        return -1;
    }
    hand->opponents = (int)opponents;
    hand->others = (int)opponents - 1;
    hand->sap_active = (m->sap_lang_tables >> (opponents + 1)) & 1;
    hand->shortlist.capacity = (int)shortlist;
    int classified, built = 0;
    Py_BEGIN_ALLOW_THREADS
    classified = classify_subsets(m, hand);
    if (classified == 0) {
        /* One after the other: interleaving the field's memory reads with the
         * walk (field_step) was measured slower, each evicting the other's data. */
        hand->natural_hint = natural_hint(hand->cards);
        walk_splits(m, hand, NULL);
        if (with_field) built = build_field(m, hand);
    }
    Py_END_ALLOW_THREADS
    if (classified < 0) {
        PyErr_SetString(PyExc_ValueError, "a subset of the hand has no class in the tables");
        return -1;
    }
    if (built < 0) {
        PyErr_NoMemory();
        return -1;
    }
    hand->has_field = with_field;
    Py_INCREF(tables);
    self->tables = tables;
    self->ready = 1;
    return 0;
}

static void hand_dealloc(HandObject *self) {
    free_field(&self->state.field);
    free_splits(&self->state.splits);
    Py_XDECREF(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int need(HandObject *self, int field) {
    if (!self->ready) {
        PyErr_SetString(PyExc_ValueError, "the hand was not built");
        return -1;
    }
    if (field && !self->state.has_field) {
        PyErr_SetString(PyExc_ValueError, "this hand was built without its field");
        return -1;
    }
    return 0;
}

static int need_splits(HandObject *self) {
    if (need(self, 0) < 0) return -1;
    if (!self->state.has_splits) {
        if (list_splits(&self->tables->tables, &self->state) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        self->state.has_splits = 1;
    }
    return 0;
}

static int read_chi(HandObject *self, PyObject *args, int *high, int *low, int *front) {
    if (!PyArg_ParseTuple(args, "iii", high, low, front)) return -1;
    const Tables *m = &self->tables->tables;
    if (*high < 0 || *high >= m->n5 || *low < 0 || *low >= m->n5 || *front < 0 || *front >= m->n3) {
        PyErr_Format(PyExc_ValueError, "chi classes (%d, %d, %d) are out of range", *high, *low, *front);
        return -1;
    }
    return 0;
}

static PyObject *picks_tuple(const Picks *picks, int by_ranking) {
    PyObject *result = PyTuple_New(picks->count);
    if (result == NULL) return NULL;
    for (int i = 0; i < picks->count; i++) {
        const Pick *p = &picks->items[i];
        PyObject *item = by_ranking ? Py_BuildValue("(iiiiL)", p->split, p->high, p->low, p->front, p->ranking)
                                    : Py_BuildValue("(iiiid)", p->split, p->high, p->low, p->front, p->value);
        if (item == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, i, item);
    }
    return result;
}

static PyObject *hand_shortlist(HandObject *self, PyObject *unused) {
    (void)unused;
    if (need(self, 0) < 0) return NULL;
    return picks_tuple(&self->state.shortlist, 0);
}

static PyObject *hand_strongest(HandObject *self, PyObject *args) {
    int count;
    if (need(self, 0) < 0 || !PyArg_ParseTuple(args, "i", &count)) return NULL;
    if (check_count("count", count, 1, MAX_PICKS) < 0) return NULL;
    HandState *hand = &self->state;
    if (!hand->has_strongest || hand->strongest.capacity != count) {
        hand->strongest.capacity = count;
        hand->strongest.count = 0;
        walk_strongest(&self->tables->tables, hand);
        hand->has_strongest = 1;
    }
    return picks_tuple(&hand->strongest, 1);
}

#define MAX_CHI 4096

static PyObject *hand_exact(HandObject *self, PyObject *chi) {
    if (need(self, 1) < 0) return NULL;
    PyObject *items = PySequence_Fast(chi, "exact takes a sequence of (high, low, front)");
    if (items == NULL) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
    int *classes = count > 0 && count <= MAX_CHI ? malloc((size_t)count * 3 * sizeof(int)) : NULL;
    double *values = count > 0 && count <= MAX_CHI ? malloc((size_t)count * sizeof(double)) : NULL;
    PyObject *result = NULL;
    if (count < 1 || count > MAX_CHI) {
        PyErr_Format(PyExc_ValueError, "exact takes 1 to %d arrangements", MAX_CHI);
        goto done;
    }
    if (classes == NULL || values == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(items, i);
        if (!PyTuple_Check(item) || read_chi(self, item, &classes[3 * i], &classes[3 * i + 1], &classes[3 * i + 2]) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "each arrangement is a (high, low, front) tuple");
            goto done;
        }
    }
    const Tables *m = &self->tables->tables;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++)
        values[i] = exact_value(m, &self->state, classes[3 * i], classes[3 * i + 1], classes[3 * i + 2]);
    Py_END_ALLOW_THREADS
    result = PyList_New(count);
    for (Py_ssize_t i = 0; result != NULL && i < count; i++) {
        PyObject *value = PyFloat_FromDouble(values[i]);
        if (value == NULL) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, value);
    }
done:
    free(classes);
    free(values);
    Py_DECREF(items);
    return result;
}

static PyObject *hand_screen(HandObject *self, PyObject *chi) {
    if (need(self, 0) < 0) return NULL;
    PyObject *items = PySequence_Fast(chi, "screen takes a sequence of (high, low, front)");
    if (items == NULL) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
    PyObject *result = count >= 1 && count <= MAX_CHI ? PyList_New(count) : NULL;
    if (result == NULL && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "screen takes 1 to %d arrangements", MAX_CHI);
    for (Py_ssize_t i = 0; result != NULL && i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(items, i);
        int high, low, front;
        if (!PyTuple_Check(item) || read_chi(self, item, &high, &low, &front) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "each arrangement is a (high, low, front) tuple");
            Py_CLEAR(result);
            break;
        }
        PyObject *value = PyFloat_FromDouble(screen_value(&self->tables->tables, &self->state, high, low, front));
        if (value == NULL) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, value);
    }
    Py_DECREF(items);
    return result;
}

static PyObject *int64_tuple(const int64_t *values, int count) {
    PyObject *result = PyTuple_New(count);
    for (int i = 0; result != NULL && i < count; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (value == NULL) Py_CLEAR(result);
        else PyTuple_SET_ITEM(result, i, value);
    }
    return result;
}

static PyObject *hand_outlook(HandObject *self, PyObject *args) {
    int high, low, front;
    int64_t out[12];
    if (need(self, 1) < 0 || read_chi(self, args, &high, &low, &front) < 0) return NULL;
    outlook_counts(&self->tables->tables, &self->state, high, low, front, out);
    return int64_tuple(out, 12);
}

static PyObject *hand_fouled(HandObject *self, PyObject *unused) {
    (void)unused;
    int64_t out[5];
    if (need(self, 1) < 0) return NULL;
    fouled_sums(&self->tables->tables, &self->state, out);
    return int64_tuple(out, 5);
}

static PyObject *hand_natural(HandObject *self, PyObject *args) {
    int mine;
    long long payout;
    if (need(self, 1) < 0 || !PyArg_ParseTuple(args, "iL", &mine, &payout)) return NULL;
    if (check_count("natural", mine, 0, NATURAL_KINDS - 1) < 0 || check_count("payout", (long)payout, 1, MAX_PAYOUT) < 0)
        return NULL;
    return PyLong_FromLongLong(natural_sum(&self->tables->tables, &self->state, mine, payout));
}

static PyObject *hand_splits(HandObject *self, PyObject *unused) {
    (void)unused;
    if (need_splits(self) < 0) return NULL;
    if (screen_splits(&self->tables->tables, &self->state) < 0) return PyErr_NoMemory();
    const SplitList *list = &self->state.splits;
    Py_ssize_t n = list->count;
    return Py_BuildValue("(y#y#y#y#y#)", (const char *)list->split, n * 2, (const char *)list->high, n * 2,
                         (const char *)list->low, n * 2, (const char *)list->front, n * 2, (const char *)list->screen,
                         n * 8);
}

static PyObject *hand_distinct(HandObject *self, PyObject *unused) {
    (void)unused;
    if (need_splits(self) < 0) return NULL;
    return PyLong_FromLong(self->state.splits.distinct);
}

static PyObject *hand_count_above(HandObject *self, PyObject *args) {
    double threshold, gap;
    PyObject *excluded;
    if (need_splits(self) < 0 || !PyArg_ParseTuple(args, "ddO!", &threshold, &gap, &PyTuple_Type, &excluded))
        return NULL;
    Py_ssize_t listed = PyTuple_GET_SIZE(excluded);
    if (check_count("excluded keys", (long)listed, 0, MAX_PICKS) < 0) return NULL;
    int64_t keys[MAX_PICKS];
    for (Py_ssize_t i = 0; i < listed; i++) {
        keys[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(excluded, i));
        if (keys[i] == -1 && PyErr_Occurred()) return NULL;
    }
    return PyLong_FromLongLong(count_above(&self->tables->tables, &self->state, threshold, gap, keys, (int)listed));
}

static PyObject *hand_with_chi(HandObject *self, PyObject *args) {
    int high, low, front;
    if (need_splits(self) < 0 || read_chi(self, args, &high, &low, &front) < 0) return NULL;
    const SplitList *list = &self->state.splits;
    PyObject *result = PyList_New(0);
    for (int32_t i = 0; result != NULL && i < list->count; i++) {
        if (list->high[i] != high || list->low[i] != low || list->front[i] != front) continue;
        PyObject *split = PyLong_FromLong(list->split[i]);
        if (split == NULL || PyList_Append(result, split) < 0) Py_CLEAR(result);
        Py_XDECREF(split);
    }
    return result;
}

static PyObject *hand_front_heavy(HandObject *self, PyObject *unused) {
    (void)unused;
    if (need_splits(self) < 0) return NULL;
    return PyLong_FromLong(front_heavy(&self->tables->tables, &self->state));
}

static PyObject *hand_pair_broken(HandObject *self, PyObject *args) {
    int split;
    if (need_splits(self) < 0 || !PyArg_ParseTuple(args, "i", &split)) return NULL;
    if (check_count("split", split, 0, UNORDERED_SPLITS - 1) < 0) return NULL;
    return PyLong_FromLong(pair_broken(&self->tables->tables, &self->state, split));
}

static PyObject *get_int(HandObject *self, void *closure) {
    if (need(self, 0) < 0) return NULL;
    const HandState *hand = &self->state;
    switch ((int)(intptr_t)closure) {
        case 0: return PyLong_FromLongLong(hand->legal);
        case 1: return PyBool_FromLong(hand->natural_hint);
        case 2: return PyLong_FromLongLong(hand->has_field ? hand->field.size : 0);
        default: return PyLong_FromLongLong(hand->has_field ? hand->field.plays : 0);
    }
}

static PyGetSetDef hand_getset[] = {
    {"legal", (getter)get_int, NULL, "legal splits among the 72,072", (void *)0},
    {"natural_hint", (getter)get_int, NULL, "whether the cards can hold a natural", (void *)1},
    {"field_size", (getter)get_int, NULL, "opponents in the field", (void *)2},
    {"plays", (getter)get_int, NULL, "opponents in the field who play their chi", (void *)3},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef hand_methods[] = {
    {"shortlist", (PyCFunction)hand_shortlist, METH_NOARGS, "the shortlist: (split, high, low, front, screen)"},
    {"strongest", (PyCFunction)hand_strongest, METH_VARARGS, "the strongest: (split, high, low, front, ranking)"},
    {"exact", (PyCFunction)hand_exact, METH_O, "expected points of (high, low, front) tuples against the field"},
    {"screen", (PyCFunction)hand_screen, METH_O, "screening values of (high, low, front) tuples"},
    {"outlook", (PyCFunction)hand_outlook, METH_VARARGS, "the counts behind an outlook of (high, low, front)"},
    {"fouled", (PyCFunction)hand_fouled, METH_NOARGS, "a foul's total, the opponents' values, the field size"},
    {"natural", (PyCFunction)hand_natural, METH_VARARGS, "total points of declaring natural (index, payout)"},
    {"splits", (PyCFunction)hand_splits, METH_NOARGS, "every legal split: bytes of ids, classes, screens"},
    {"distinct", (PyCFunction)hand_distinct, METH_NOARGS, "distinct legal (high, low, front)"},
    {"count_above", (PyCFunction)hand_count_above, METH_VARARGS, "distinct keys above a threshold"},
    {"with_chi", (PyCFunction)hand_with_chi, METH_VARARGS, "legal split ids with these chi classes"},
    {"front_heavy", (PyCFunction)hand_front_heavy, METH_NOARGS, "the best-screened split of the strongest front"},
    {"pair_broken", (PyCFunction)hand_pair_broken, METH_VARARGS, "the best-screened split breaking a kept pair"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "maubinh_api.strategy.compiled_kernel.Hand",
    .tp_basicsize = sizeof(HandObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One hand against one variant's tables: its splits, shortlists and field (see kernel.h).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)hand_init,
    .tp_dealloc = (destructor)hand_dealloc,
    .tp_methods = hand_methods,
    .tp_getset = hand_getset,
};

/* The best split of each of many hands, in one call without the GIL: what a
 * bank round asks of 400,000 deals, and a grading job of every hand in a
 * history; one BestSplit per hand (kernel.h).  The caller values the rare
 * hands that can hold a natural again, with the natural. */
static int best_of_hand(const Tables *m, HandState *hand, int with_field, const int16_t *played, BestSplit *out) {
    if (classify_subsets(m, hand) < 0) return -2;
    hand->natural_hint = natural_hint(hand->cards);
    walk_splits(m, hand, NULL);
    if (with_field && build_field(m, hand) < 0) return -1;
    int best = 0;
    double best_value = hand->shortlist.items[0].value;
    for (int i = 0; with_field && i < hand->shortlist.count; i++) {
        const Pick *p = &hand->shortlist.items[i];
        double value = exact_value(m, hand, p->high, p->low, p->front);
        if (i == 0 || value > best_value) best = i, best_value = value; /* the first of equals, as value_hand */
    }
    const Pick *p = &hand->shortlist.items[best];
    *out = (BestSplit){p->high, p->low, p->front, (int16_t)hand->natural_hint, best_value, 0.0, 0.0};
    if (played != NULL && with_field) {
        int64_t foul[5];
        out->played = exact_value(m, hand, played[0], played[1], played[2]);
        fouled_sums(m, hand, foul);
        out->fouled = (double)foul[0] / (double)foul[4];
    }
    free_field(&hand->field);
    return 0;
}

static int check_hands(const uint8_t *bytes, Py_ssize_t count) {
    for (Py_ssize_t h = 0; h < count; h++) {
        if (!cards_in_order(bytes + HAND_CARDS * h)) {
            PyErr_Format(PyExc_ValueError, "hand %zd: cards must be 13 distinct card indices 0-51 in increasing order", h);
            return -1;
        }
    }
    return 0;
}

static int check_played(const Tables *m, const int16_t *played, Py_ssize_t count) {
    for (Py_ssize_t h = 0; h < count; h++) {
        const int16_t *chi = played + 3 * h;
        if (chi[0] < 0 || chi[0] >= m->n5 || chi[1] < 0 || chi[1] >= m->n5 || chi[2] < 0 || chi[2] >= m->n3) {
            PyErr_Format(PyExc_ValueError, "hand %zd: the arrangement played has chi classes out of range", h);
            return -1;
        }
    }
    return 0;
}

static PyObject *kernel_best_splits(PyObject *module, PyObject *args) {
    (void)module;
    TablesObject *tables;
    Py_buffer cards, played = {0};
    int opponents, shortlist, with_field;
    if (!PyArg_ParseTuple(args, "O!y*iip|y*:best_splits", &TablesType, &tables, &cards, &opponents, &shortlist,
                          &with_field, &played))
        return NULL;
    PyObject *result = NULL;
    HandState *hand = NULL;
    Py_ssize_t count = cards.len / HAND_CARDS;
    const uint8_t *bytes = cards.buf;
    const int16_t *chi = played.buf;
    const Tables *m = &tables->tables;
    if (cards.len % HAND_CARDS || check_count("opponents", opponents, 1, MAX_OPPONENTS) < 0 ||
        check_count("shortlist", shortlist, 1, MAX_PICKS) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "best_splits takes 13 card indices per hand");
        goto done;
    }
    if (with_field && m->bank_size == 0) {
        PyErr_SetString(PyExc_ValueError, "these tables have no hand bank, so no field");
        goto done;
    }
    if (chi != NULL && (played.len != count * 3 * (Py_ssize_t)sizeof(int16_t) || !with_field)) {
        PyErr_SetString(PyExc_ValueError, "the arrangements played are 3 int16 classes per hand, valued against a field");
        goto done;
    }
    if (check_hands(bytes, count) < 0 || (chi != NULL && check_played(m, chi, count) < 0)) goto done;
    result = PyBytes_FromStringAndSize(NULL, count * (Py_ssize_t)sizeof(BestSplit));
    hand = calloc(1, sizeof(HandState));
    if (result == NULL || hand == NULL) {
        Py_CLEAR(result);
        PyErr_NoMemory();
        goto done;
    }
    BestSplit *out = (BestSplit *)PyBytes_AS_STRING(result);
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t h = 0; h < count && !failed; h++) {
        memset(hand, 0, sizeof(*hand));
        memcpy(hand->cards, bytes + HAND_CARDS * h, HAND_CARDS);
        hand->opponents = opponents;
        hand->others = opponents - 1;
        hand->sap_active = (m->sap_lang_tables >> (opponents + 1)) & 1;
        hand->shortlist.capacity = shortlist;
        failed = best_of_hand(m, hand, with_field, chi == NULL ? NULL : chi + 3 * h, &out[h]);
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        Py_CLEAR(result);
        if (failed == -1) PyErr_NoMemory();
        else PyErr_SetString(PyExc_ValueError, "a subset of a hand has no class in the tables");
    }
done:
    free(hand);
    PyBuffer_Release(&cards);
    if (played.obj != NULL) PyBuffer_Release(&played);
    return result;
}

static PyObject *kernel_vector_legality(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    return PyBool_FromLong(vector_legality_used());
}

static PyMethodDef kernel_functions[] = {
    {"vector_legality", kernel_vector_legality, METH_NOARGS,
     "whether hands find their legal splits eight at a time (AVX2; MAUBINH_KERNEL_SCALAR=1 turns it off)"},
    {"best_splits", kernel_best_splits, METH_VARARGS,
     "best_splits(tables, cards, opponents, shortlist, field[, played]): per hand, the best of its shortlist's"
     " classes, natural hint and value, and the value of the arrangement played and of a foul"},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "maubinh_api.strategy.compiled_kernel",
    .m_doc = "The compiled kernel of the expected-points model (see maubinh_api/strategy/kernel.py).",
    .m_size = -1,
    .m_methods = kernel_functions,
};

/* BestSplit's fields as (name, struct format, offset) and its size: what the wrapper reads the
 * answer of best_splits with, so that the layout is written only here (kernel.h). */
static PyObject *best_split_layout(void) {
#define FIELD(name, format) #name, format, (Py_ssize_t)offsetof(BestSplit, name)
    return Py_BuildValue("((ssn)(ssn)(ssn)(ssn)(ssn)(ssn)(ssn))n", FIELD(high, "<i2"), FIELD(low, "<i2"),
                         FIELD(front, "<i2"), FIELD(natural_hint, "<i2"), FIELD(value, "<f8"), FIELD(played, "<f8"),
                         FIELD(fouled, "<f8"), (Py_ssize_t)sizeof(BestSplit));
#undef FIELD
}

/* The constants the Python side needs too (the reference kernel, the tables it gathers): it keeps
 * its own copy, since it must run where this module is not built, and tests/strategy/test_kernel.py
 * holds that copy to these. */
static int add_shared_constants(PyObject *module) {
    return PyModule_AddIntConstant(module, "HAND_CARDS", HAND_CARDS) < 0 ||
                   PyModule_AddIntConstant(module, "DECK_CARDS", DECK_CARDS) < 0 ||
                   PyModule_AddIntConstant(module, "MAX_OPPONENTS", MAX_OPPONENTS) < 0 ||
                   PyModule_AddIntConstant(module, "FLUSH_ID_BASE", FLUSH_ID_BASE) < 0 ||
                   PyModule_AddIntConstant(module, "ID5_COUNT", ID5_COUNT) < 0 ||
                   PyModule_AddIntConstant(module, "ID3_COUNT", ID3_COUNT) < 0 ||
                   PyModule_AddIntConstant(module, "NO_NATURAL", NO_NATURAL) < 0 ||
                   PyModule_AddIntConstant(module, "NATURAL_KINDS", NATURAL_KINDS) < 0 ||
                   PyModule_AddIntConstant(module, "RATE_SCALE", (long)RATE_SCALE) < 0 ||
                   PyModule_AddIntConstant(module, "MAX_VALUE", MAX_VALUE) < 0 ||
                   PyModule_AddIntConstant(module, "MAX_PAYOUT", MAX_PAYOUT) < 0 ||
                   PyModule_AddIntConstant(module, "MAX_MULTIPLIER", MAX_MULTIPLIER) < 0
               ? -1
               : 0;
}

PyMODINIT_FUNC PyInit_compiled_kernel(void) {
    prepare_kernel();
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&HandType) < 0) return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL) return NULL;
    PyObject *layout = best_split_layout();
    if (PyModule_AddObjectRef(module, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddObjectRef(module, "Hand", (PyObject *)&HandType) < 0 ||
        PyModule_AddIntConstant(module, "UNORDERED_SPLITS", UNORDERED_SPLITS) < 0 ||
        PyModule_AddIntConstant(module, "MAX_PICKS", MAX_PICKS) < 0 || add_shared_constants(module) < 0 ||
        layout == NULL || PyModule_AddObjectRef(module, "BEST_SPLIT_LAYOUT", layout) < 0) {
        Py_XDECREF(layout);
        Py_DECREF(module);
        return NULL;
    }
    Py_DECREF(layout);
    return module;
}
