/* test_rules_pager.c: the rules pager (the `?` key) wraps each game's rules
 * to the terminal's width, from 60 columns (the menu's least) to 80 and
 * more: every word in its order, each row filled with whole words as far as
 * the next word allows (a game's lines of 78 columns are joined back into
 * paragraphs, not broken again where they ended), and a list item's rows
 * after its first under the words after its marker. */
#include <ctype.h>
#include <string.h>

#include "tui_harness.h"

#include "partyfood/game.h"

#define MAX_ROWS 200

static const int sizes[][2] = {{60, 20}, {67, 20}, {80, 24}};

/* The columns a row of the screen starts its words at (after its blanks). */
static int indent(const char *row)
{
    return (int)strspn(row, " ");
}

/* Where an item's words start: after its marker ("  a) ", "  P  "). */
static int hang(const char *row)
{
    int lead = indent(row);
    for (int i = lead + 1; row[i] && i <= lead + 6; i++)
        if (row[i] == ' ' && (row[i + 1] == ' ' || row[i - 1] == ')'))
            return i + (int)strspn(row + i, " ");
    return lead;
}

static int text_end(const char *row)
{
    int n = (int)strlen(row);
    while (n > 0 && row[n - 1] == ' ')
        n--;
    return n;
}

/* Copies the screen's row y into row. */
static void screen_row(const char *screen, int y, char *row, size_t n)
{
    for (; y > 0 && screen; y--)
        screen = strchr(screen, '\n') ? strchr(screen, '\n') + 1 : NULL;
    size_t len = screen ? strcspn(screen, "\n") : 0;
    if (len >= n)
        len = n - 1;
    memcpy(row, screen ? screen : "", len);
    row[len] = '\0';
}

/* Reads every row of the open pager into rows (paging with space);
 * returns how many. */
static int read_pager(th *t, char rows[][256])
{
    int total = 0, last = 0;
    for (int page = 0; page < 50; page++) {
        const char *s = th_capture(t);
        const char *keys = strstr(s, "\nrows ");
        int first = 0, to = 0;
        if (!keys || sscanf(keys, "\nrows %d-%d of %d", &first, &to, &total) != 3) {
            th_dump(t, "no line of rows");
            fail_msg("the pager says no rows");
        }
        assert_true(total < MAX_ROWS);
        for (int r = first; r <= to; r++) /* the screen's row 1 is the pager's row first */
            screen_row(s, 1 + r - first, rows[r - 1], 256);
        last = to;
        if (strstr(keys, "(end)"))
            return total;
        th_keys(t, "Space");
        /* the last page is a full one: it may start before `to` */
        int next = to + 1, shown = to - first + 1;
        if (next > total - shown + 1)
            next = total - shown + 1;
        char want[64];
        snprintf(want, sizeof want, "\nrows %d-", next);
        if (!th_wait(t, want, 3000)) {
            th_dump(t, want);
            fail_msg("the pager did not turn its page");
        }
    }
    fail_msg("the pager never reached its end (%d of %d rows)", last, total);
    return 0;
}

/* The next word of s after *at (advanced past it) into w; false at the end. */
static bool next_word(const char **at, char *w, size_t n)
{
    const char *s = *at + strspn(*at, " ");
    size_t len = strcspn(s, " ");
    if (!len)
        return false;
    snprintf(w, n, "%.*s", (int)len, s);
    *at = s + len;
    return true;
}

static void check_words(const pf_game *g, char rows[][256], int n, int cols)
{
    int r = 0;
    const char *at = rows[0];
    char want[128], got[128];
    for (const char *const *line = g->rules; *line; line++) {
        const char *w = *line;
        while (next_word(&w, want, sizeof want)) {
            while (!next_word(&at, got, sizeof got)) {
                if (++r >= n)
                    fail_msg("%s at %d columns: \"%s\" is missing at the end", g->id, cols, want);
                at = rows[r];
            }
            if (strcmp(want, got) != 0)
                fail_msg("%s at %d columns, row %d \"%s\": \"%s\" where \"%s\" belongs", g->id,
                         cols, r + 1, rows[r], got, want);
        }
    }
}

static void check_wrapping(const pf_game *g, char rows[][256], int n, int cols)
{
    int block_hang = 1; /* where the rows of the paragraph being read start */
    for (int r = 0; r + 1 < n; r++) {
        const char *row = rows[r], *next = rows[r + 1];
        if (!text_end(row) || !text_end(next))
            continue;
        int in = indent(row), next_in = indent(next);
        if (in == 1)
            block_hang = 1;
        else if (in == 3) /* an item's first row */
            block_hang = hang(row);
        bool goes_on = next_in == block_hang && (in == 1 || next_in > 3);
        if (next_in > 3 && !goes_on)
            fail_msg("%s at %d columns: row %d \"%s\" is not under the item above it "
                     "(\"%s\": column %d)",
                     g->id, cols, r + 2, next, row, block_hang);
        if (!goes_on)
            continue;
        size_t word = strcspn(next + next_in, " ");
        /* the text spans the columns [1, cols - 1) */
        if (text_end(row) + 1 + (int)word <= cols - 1)
            fail_msg("%s at %d columns: row %d \"%s\" ends early, \"%.*s\" fits on it", g->id,
                     cols, r + 1, row, (int)word, next + next_in);
    }
}

static void rules_wrap_at_every_width(void **state)
{
    (void)state;
    static char rows[MAX_ROWS][256];
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int cols = sizes[k][0], lines = sizes[k][1];
        for (int i = 0; i < pf_game_count(); i++) {
            const pf_game *g = pf_game_at(i);
            th t;
            th_start(&t, cols, lines, "--pace 0");
            th_expect(&t, "Which game shall we play?", 5000);
            for (int d = 0; d < i; d++)
                th_keys(&t, "Down");
            th_keys(&t, "?");
            char title[128];
            snprintf(title, sizeof title, "%s: the rules in short", g->title);
            th_expect(&t, title, 3000);
            int n = read_pager(&t, rows);
            check_words(g, rows, n, cols);
            check_wrapping(g, rows, n, cols);
            th_stop(&t);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(rules_wrap_at_every_width, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
