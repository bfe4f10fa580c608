/* help.c: the rules of each game in our own words (the rulebooks' text is
 * not ours to copy), and the paged viewer that shows them and the log. */
#include <stdio.h>
#include <string.h>

#include "tui/tui_int.h"

static const char *const pizza_rules[] = {
    "PIZZA PARTY: remember where the toppings are and fill your slice first.",
    "",
    "The table: face-down pieces in a grid of 8 columns. Most are toppings",
    "(ON onion, PE pepper, MU mushroom, PP pepperoni); a few are switch pieces",
    "(S:R red, S:Y yellow, S:G green, S:B blue) that match a slice's handle.",
    "Each seat has a slice with a coloured handle; with fewer than 4 players",
    "the spare slices still lie on the table and count as other slices.",
    "",
    "Your turn: turn over one face-down piece. Everybody sees it. Then:",
    "  - a topping nobody's slice collects, and your slice is empty:",
    "    it goes on your slice, and that kind is now yours;",
    "  - a topping of your slice's kind: it goes on your slice;",
    "  - a topping another slice collects, or a new kind while yours is",
    "    already taken: it goes back face down, in the same place;",
    "  - a switch of another slice's colour: you swap slices with that slice,",
    "    toppings and all;",
    "  - a switch of your own colour: you pick any other slice to swap with.",
    "Used switch pieces leave the table.",
    "",
    "The first slice with 6 toppings wins.",
    "",
    "Memory: only the piece just turned over stays visible. Earlier reveals",
    "are hidden (also in the log) unless the game was started with the",
    "memory aid: remembering them is the game.",
    "",
    "Keys: arrows move over the grid, Enter turns over the marked piece;",
    "a letter plays the choice listed with it; mouse clicks work too.",
    NULL};

static const char *const pancake_rules[] = {
    "YUMMY YUMMY PANCAKE: toss, peek, and guess what is under the pancake.",
    "",
    "Toppings: S strawberry, K kiwi, B banana, L blueberry, C chocolate.",
    "",
    "Seats take turns as the chef. The chef fills the pan up to 8 pancakes,",
    "all face up, so everyone can see the toppings. Look well!",
    "",
    "The toss: you stop a power meter. The further right, the harder the flick:",
    "each pancake lands face down with that chance. If fewer than 2 land face",
    "down the chef tosses again. Face-down pancakes all look the same.",
    "With 5 or more face down, the chef secretly takes one as a bonus.",
    "",
    "Sharing: the chef picks a face-down pancake and peeks at it, then asks",
    "another player which topping it is. A right guess gives that player the",
    "pancake; a wrong guess gives it to the chef. Then everyone sees it.",
    "The chef shares at least once, then may share again or stop. Pancakes",
    "still face down are turned face up and stay in the pan.",
    "",
    "Whoever first holds 12 pancakes wins. If the pan cannot be filled back",
    "to 8, the biggest pile wins (ties share the win).",
    "",
    "Chocolate gamble (variant): a right chocolate guess also takes one",
    "pancake from the chef; a wrong one gives the chef one of yours.",
    "",
    "Memory: which toppings went face down is hidden unless the memory aid",
    "option is on: remember them!",
    NULL};

static const char *const pakupaku_rules[] = {
    "PAKU PAKU: roll fast, pass the pandas, stack the dishes, don't topple.",
    "",
    "Five dice; each has two pandas (P), a dish (D), two 1s and a 2.",
    "Everybody holding dice rolls at the same time: it is a race in real time.",
    "",
    "Press r to roll all your dice that are not waiting on a dish.",
    "  P  a panda die jumps to your left neighbour at once;",
    "  D  a dish die waits until you stack one piece of tableware;",
    "  1, 2  nothing happens: roll again.",
    "Your hands need time: after a roll they are busy 0.8 s, after a stack",
    "0.6 s (the screen counts it down). A key pressed meanwhile is kept and",
    "played a moment after they are free, like anyone's hands.",
    "",
    "Stacking is a skill: press p (plate), b (bowl) or c (cup). The piece",
    "swings above the tower; press SPACE to let go. Where it lands is where it",
    "was when you pressed, plus a little wobble of the table. The tower falls",
    "when a piece and what rests on it hang over the edge of the piece below.",
    "Plates are wide and flat, bowls middling, cups narrow and tall.",
    "",
    "A round stops when someone holds too many dice (5 with 2-3 players,",
    "4 with 4-5, 3 with 6-8) or makes the tower fall. That unlucky panda",
    "rolls all their dice and takes the sum of the numbers as penalty points.",
    "The dice are dealt again from the next seat and a new round starts.",
    "",
    "When someone reaches the penalty limit the game ends: the fewest points",
    "win. Tied players duel: they stack one piece each in turn on a fresh",
    "tower, and whoever topples it is out.",
    "",
    "With several people at one keyboard, press the seat number (1-8) to",
    "give the keys to that person.",
    NULL};

static const char *const passfood_rules[] = {
    "PASS THE PARTY FOOD: all of you together against Ziggy the dog.",
    "",
    "Foods: S green snake, B biscuit, F fairy bread, P pikelet, L lamington.",
    "Every board has a column per food; yours has 4 spaces per column,",
    "Ziggy's 3. A tile goes to the top free space of its column, or to the",
    "discard pile when the column is full.",
    "",
    "A set: a full column (all alike), or a full row (one of each food).",
    "Scoring a set removes its tiles and moves the owner's pawn forward on",
    "the score track by the points shown. Landing on or passing a lucky dip",
    "space (*) draws a free tile onto your own board.",
    "",
    "A turn: Ziggy gets a tile, and may score a set. Then the active player",
    "draws three tiles one at a time and puts each on a free plate: the",
    "left plate goes to the next seat, the centre one is yours, the right",
    "one goes to the previous seat (with 2 players the third space is an X:",
    "that tile is thrown away). Then you may score one set of your own.",
    "",
    "Tokens: each player has 2 swaps and 1 take. Take moves a tile from",
    "Ziggy's board to yours. Swap gives one of your tiles to a partner, who",
    "gives one back (or declines).",
    "",
    "You all win when every pawn is on the birthday cake. You all lose when",
    "Ziggy reaches the cake, or when, at the end of your turn, Ziggy is level",
    "with or ahead of your pawn.",
    NULL};

static const char *const generic_rules[] = {
    "This game has no summary here yet.",
    "Choose one of the listed actions with the arrows and Enter, or its letter.",
    NULL};

const char *const *tui__rules(const char *id)
{
    if (strcmp(id, "pizza") == 0)
        return pizza_rules;
    if (strcmp(id, "pancake") == 0)
        return pancake_rules;
    if (strcmp(id, "pakupaku") == 0)
        return pakupaku_rules;
    if (strcmp(id, "passfood") == 0)
        return passfood_rules;
    return generic_rules;
}

void tui__pager(const char *title, const char *const *lines, int n)
{
    int top = 0;
    bool at_end_start = true; /* logs open at their end */
    for (;;) {
        erase();
        int rows = LINES - 3;
        if (rows < 1)
            rows = 1;
        if (at_end_start && title && strncmp(title, "Game log", 8) == 0 && n > rows)
            top = n - rows;
        at_end_start = false;
        if (top > n - rows)
            top = n - rows;
        if (top < 0)
            top = 0;
        attron(tui__colour(TUI_TITLE));
        mvhline(0, 0, ' ', COLS);
        attroff(tui__colour(TUI_TITLE));
        tui__put(0, 1, tui__colour(TUI_TITLE), "%s", title);
        for (int i = 0; i < rows && top + i < n; i++)
            tui__putn(1 + i, 1, COLS - 2, 0, lines[top + i]);
        int pages = (n + rows - 1) / rows;
        tui__put(LINES - 1, 0, A_DIM,
                 "page %d of %d   PgDn/space next  PgUp/b back  arrows scroll  q/Esc/Enter close",
                 top / rows + 1, pages < 1 ? 1 : pages);
        refresh();
        int ch = tui__key(-1);
        switch (ch) {
        case 'q': case 'Q': case 27: case '\n': case '\r': case KEY_ENTER: case '?': case 'l':
            return;
        case ' ': case KEY_NPAGE: case 'f':
            top += rows;
            break;
        case 'b': case KEY_PPAGE:
            top -= rows;
            break;
        case KEY_DOWN: case 'j':
            top++;
            break;
        case KEY_UP: case 'k':
            top--;
            break;
        case KEY_HOME: case 'g':
            top = 0;
            break;
        case KEY_END: case 'G':
            top = n;
            break;
        default:
            break;
        }
    }
}
