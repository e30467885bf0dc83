/* The compiled kernel of the expected-points model (maubinh_api.strategy.kernel).
 *
 * One call per hand does what the NumPy reference (strategy/reference.py) does
 * in about eighty array operations: classify the hand's 1,287 five-card and
 * 286 three-card subsets, walk its 36,036 unordered splits (legality, the
 * screening value, the shortlist of distinct splits, the strongest ranking),
 * find its field in the hand bank and lay the field out for the comparisons.
 * The field then settles any arrangement exactly, one pass over the
 * opponents for all three positions.
 *
 * Nothing here trusts its input: the Python wrapper checks every array, and
 * tables.c checks them again (shapes, item sizes, value ranges) before any
 * index is used; every class, split and card given to a hand is range-checked.
 */
#ifndef MAUBINH_KERNEL_H
#define MAUBINH_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include "knobs.h" /* PLAIN_KNOBS: every whole-number and yes/no knob (make spec writes it) */

/* The per-class screening columns, class-major (one 64-byte line per class). */
enum {
    COL_ADDITIVE,
    COL_SCOOP,
    COL_SCOOPED,
    COL_VALUE,
    COL_LOSS_IF_LOST,
    COL_WIN,
    COL_TIE,
    COL_LOSE,
    SCREEN_COLUMNS
};

#define HAND_CARDS 13       /* the cards of a hand */
#define DECK_CARDS 52       /* card indices are 0 to 51 */
#define MAX_OPPONENTS 3     /* a table of 2-4 players */
#define SPLITS_PER_FRONT 126 /* the 10 cards a front leaves, as two fives: C(10, 5) / 2 */
#define UNORDERED_SPLITS 36036   /* unordered splits: a front and two fives (286 fronts x 126) */
#define FIVE_SUBSETS 1287   /* C(13, 5) */
#define THREE_SUBSETS 286   /* C(13, 3) */
_Static_assert(UNORDERED_SPLITS == THREE_SUBSETS * SPLITS_PER_FRONT, "every front leaves 126 splits of two fives");
#define ID5_COUNT 14380     /* 6,188 rank multisets + 8,192 flush masks */
#define FLUSH_ID_BASE 6188
#define ID3_COUNT 455
#define NO_NATURAL 255
#define NATURAL_SLOTS 256
#define NATURAL_KINDS 11
#define RATE_SCALE 30000.0  /* bank scoop rates are stored in 1/30,000 */
/* A bank row: back, middle, front classes, natural; with sập làng also how
 * often the hand scoops and is scooped, in 1/RATE_SCALE (8 or 16 bytes). */
enum { ROW_BACK, ROW_MIDDLE, ROW_FRONT, ROW_NATURAL, ROW_SCOOPS, ROW_SCOOPED };
#define MAX_PICKS 64        /* longest shortlist a hand keeps */
#define MAX_VALUE 1000      /* a position's value (the bonus table's largest) */
#define MAX_PAYOUT 10000    /* a natural's payout */
/* The largest multiplier (scoop, sập làng, foul) and majority bonus the kernel takes: the rules'
 * own ranges are the knob table's (rules/knob_checks.py), held within this by a test. A position's
 * 1,000 times two multipliers of 100, against 3 opponents, is 3e7: int32 sums cannot overflow. */
#define MAX_MULTIPLIER 100
#define MAX_BANK (1 << 22)  /* bank hands */

/* The variant's rules the kernel reads, each once: its name in the rules kernel_tables.py passes,
 * its field of Tables and the range it takes (tables.c reads them all from this list). Every
 * whole-number and yes/no knob comes from knobs.h, which `make spec` writes from the knob table, so
 * that a knob the kernel comes to value is its use and nothing here; then what the kernel reads in
 * another form, worked out by kernel_tables.py. */
#define KERNEL_RULES(X)                                                                            \
    PLAIN_KNOBS(X)                                                                                 \
    X(sap_lang_tables, 0, 31) /* bit p: sập làng is played at a table of p (the rules' answer) */  \
    X(natural_draw, 0, 1)

/* Everything that does not depend on the hand: one variant, one hand bank. */
typedef struct {
    int32_t n5, n3; /* hand classes under the variant's wheel */
    const int32_t *class_of_id5, *class_of_id3, *front_floor;
    const uint16_t *split_first, *split_second, *split_front;
    const uint8_t *fives, *threes;      /* positions 0-12 of each subset */
    const int32_t *offsets5, *offsets3; /* colexicographic offsets, [column][rank] */
    const double *screen_back, *screen_middle, *screen_front;
    const int32_t *value_back, *value_middle, *value_front;
    const int64_t *strong_back, *strong_middle, *strong_front;
    const int32_t *natural_payout; /* NATURAL_SLOTS entries, 0 = not paid */
    int64_t bank_size, bank_words;     /* 0 when there is no bank */
    const uint64_t *holds;             /* [card][word]: bit i = bank hand i holds the card */
    const int16_t *bank_rows;          /* [hand][bank_width] */
    int32_t bank_width;                /* 4, or 8 where sập làng can happen */
    double natural_rate, natural_cost; /* the screen's opponents' naturals */
#define KERNEL_RULE_FIELD(name, low, high) int32_t name;
    KERNEL_RULES(KERNEL_RULE_FIELD)
#undef KERNEL_RULE_FIELD
} Tables;

/* A split on a shortlist: its id, chi classes and the value it is ranked by. */
typedef struct {
    double value;    /* screening value (or the strongest ranking, as a double-free int below) */
    int64_t ranking; /* strongest ranking */
    int64_t key;     /* (high << 22) | (low << 9) | front */
    int32_t split;
    int16_t high, low, front;
} Pick;

typedef struct {
    int count, capacity;
    Pick items[MAX_PICKS];
} Picks;

/* The opponents who play their chi, laid out for the comparisons. */
typedef struct {
    int64_t size;  /* every opponent, natural holders included */
    int64_t plays; /* those who play their chi */
    int16_t *back, *middle, *front;
    int16_t *value_back, *value_middle, *value_front;
    int16_t *value_sum;            /* what an opponent's three chi are worth together */
    double *none_power, *all_power; /* (scooped rate)^others, (scoops rate)^others */
    int64_t naturals[NATURAL_SLOTS]; /* opponents declaring each natural */
    int64_t natural_total;           /* what they take from a hand without a natural */
} Field;

/* Every legal split, in id order, and the distinct ones (built on first need). */
typedef struct {
    int32_t count;
    uint16_t *split;
    int16_t *high, *low, *front;
    double *screen; /* every legal split's screening value, only when asked */
    /* distinct (high, low, front): open addressing over 2^16 slots */
    int32_t distinct;
    uint64_t *distinct_entry; /* (key << 16) | the key's first legal index, in the order found */
    uint64_t *slots;
} SplitList;

/* Per five-card subset, what a split's upper bound reads of its class as a
 * back and as a middle, in single precision: the additive value, the chances
 * of scooping and of being scooped (the positions' factors), and the chances
 * of winning minus losing.  32 bytes a subset, so a split touches two lines
 * of a 41 KB table.  (A bound in floats is safe with a margin far above
 * their rounding; the value itself is computed in doubles.) */
enum { BOUND_ADDITIVE, BOUND_SCOOP, BOUND_SCOOPED, BOUND_AHEAD, BOUND_FIELDS };
typedef struct {
    float back[BOUND_FIELDS], middle[BOUND_FIELDS];
} SubsetBound;

/* What the bound of every split of one front shares. */
typedef struct {
    float additive, scoop, scooped, ahead; /* the front's fields; ahead + 1 for the majority bound */
    float value, loss;                     /* the most a scoop is worth, the least a scoop against costs */
    int floor_class, front, index;
} FrontBound;

typedef struct {
    int opponents, others, sap_active;
    uint8_t cards[HAND_CARDS];
    int16_t class5[FIVE_SUBSETS], class3[THREE_SUBSETS];
    uint16_t pairs5[FIVE_SUBSETS], pairs3[THREE_SUBSETS]; /* ranks held twice or more */
    int64_t legal; /* legal ordered splits (two when the fives are equally strong) */
    int natural_hint;
    Picks shortlist, strongest;
    int has_strongest;
    SubsetBound bounds[FIVE_SUBSETS];
    int bounds_classes[FIVE_SUBSETS + 3]; /* class5 as 32-bit integers (and a vector's slack) */
    FrontBound fronts[THREE_SUBSETS];
    float most_value[2], least_loss[2]; /* over the hand's subsets, as a back and as a middle */
    int has_field;
    Field field;
    int has_splits;
    SplitList splits;
} HandState;

/* field.c: the field built all at once, or step by step between the fronts of the walk */
typedef struct {
    const Tables *tables;
    HandState *hand;
    int64_t next_word, found, gathered, capacity;
    int32_t *rows;
    int failed;
} FieldBuilder;

int build_field(const Tables *tables, HandState *hand);
int field_start(FieldBuilder *b, const Tables *tables, HandState *hand);
int field_step(FieldBuilder *b, int steps);
int field_finish(FieldBuilder *b);
void field_abandon(FieldBuilder *b);

/* screen.c */
int classify_subsets(const Tables *tables, HandState *hand);
double screen_value(const Tables *tables, const HandState *hand, int high, int low, int front);
void walk_splits(const Tables *tables, HandState *hand, FieldBuilder *field);
void prepare_kernel(void); /* once, before any walk: which instructions the processor has */
int vector_legality_used(void);
void walk_strongest(const Tables *tables, HandState *hand);
int64_t count_above(const Tables *tables, const HandState *hand, double threshold, double gap, const int64_t *excluded,
                    int excluded_count);
int32_t front_heavy(const Tables *tables, const HandState *hand);
int32_t pair_broken(const Tables *tables, const HandState *hand, int split);

/* split_list.c */
int list_splits(const Tables *tables, HandState *hand);
int screen_splits(const Tables *tables, HandState *hand);
void free_splits(SplitList *list);
int natural_hint(const uint8_t cards[HAND_CARDS]);
static inline int64_t pick_key(int high, int low, int front) {
    return ((int64_t)high << 22) | ((int64_t)low << 9) | (int64_t)front;
}
/* The screening value of the listed split at ``index`` (split_list.c's questions and count_above). */
static inline double listed_screen(const Tables *tables, const HandState *hand, int32_t index) {
    const SplitList *list = &hand->splits;
    return screen_value(tables, hand, list->high[index], list->low[index], list->front[index]);
}

/* base^exponent, multiplied out left to right (1.0 for exponent 0) as reference.py's _power does,
 * so screen.c and field.c meet the reference's values to the last bit; both use this one. */
static inline double power(double base, int exponent) {
    double result = 1.0;
    for (int i = 0; i < exponent; i++) result = i == 0 ? base : result * base;
    return result;
}

void free_field(Field *field);
double exact_value(const Tables *tables, const HandState *hand, int high, int low, int front);
void outlook_counts(const Tables *tables, const HandState *hand, int high, int low, int front, int64_t out[12]);
void fouled_sums(const Tables *tables, const HandState *hand, int64_t out[5]);
int64_t natural_sum(const Tables *tables, const HandState *hand, int mine, int64_t payout);

/* module.c: what best_splits writes per hand (the wrapper reads it through BEST_SPLIT_LAYOUT): the
 * best shortlisted split's classes and whether the cards can hold a natural, its expected points (the
 * screen's without a field), and, with an arrangement played, that arrangement's and a foul's. */
typedef struct {
    int16_t high, low, front, natural_hint;
    double value, played, fouled;
} BestSplit;

/* tables.c */
typedef struct {
    PyObject_HEAD
    Tables tables;
    Py_buffer views[24];
    int view_count;
} TablesObject;

extern PyTypeObject TablesType;

#endif
