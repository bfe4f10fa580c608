/* error.h: one list of error codes (after libuv's X-macro).
 *
 * The protocol's "error.code" strings and pf_strerror() come from the same
 * table, so they cannot disagree. Bad input from outside is an error code;
 * a broken invariant inside the engine is an assert. */
#ifndef PARTYFOOD_ERROR_H
#define PARTYFOOD_ERROR_H

#define PF_ERRORS(X)                                                          \
    X(OK, "ok", "no error")                                                   \
    X(BAD_JSON, "bad_json", "the line is not a JSON object")                  \
    X(BAD_REQUEST, "bad_request", "a field is missing or has the wrong type") \
    X(UNKNOWN_COMMAND, "unknown_command", "no such command")                  \
    X(UNKNOWN_GAME, "unknown_game", "no game has that id")                    \
    X(BAD_OPTION, "bad_option", "an option is unknown or out of range")       \
    X(BAD_SEATS, "bad_seats", "that number of seats is not allowed")          \
    X(BAD_SEAT, "bad_seat", "no such seat")                                   \
    X(NO_GAME, "no_game", "no game is running: send \"new\" or \"load\"")     \
    X(GAME_OVER, "game_over", "the game is over")                             \
    X(NOT_YOUR_TURN, "not_your_turn", "that seat may not act now")            \
    X(NOT_YOUR_SEAT, "not_your_seat", "this session does not speak for that seat") \
    X(UNKNOWN_ACTION, "unknown_action", "that is not an action of this game") \
    X(ILLEGAL_ACTION, "illegal_action", "that action is not legal now")       \
    X(TIME_BACKWARDS, "time_backwards", "the action's time is earlier than the last one") \
    X(HANDS_BUSY, "hands_busy", "the seat's hands are still busy with its last action") \
    X(UNKNOWN_BOT, "unknown_bot", "no bot has that name for this game")       \
    X(NO_HINT, "no_hint", "no hints are given here")                          \
    X(BAD_REPLAY, "bad_replay", "the replay could not be loaded")             \
    X(BAD_LESSON, "bad_lesson", "the lesson file could not be read")          \
    X(IO, "io", "a file could not be read or written")                        \
    X(NO_MEMORY, "no_memory", "the program ran out of memory")                \
    X(TOO_LARGE, "too_large", "the input is larger than the limit")           \
    X(BAD_ACTION, "bad_action", "that action must come another way (a meter)") \
    X(BAD_METER, "bad_meter", "the meter is unknown, used, expired or implausible") \
    X(LATE_METER, "late_meter", "the meter's stop arrived too late: start a new meter") \
    X(CHAT_OFF, "chat_off", "the room's chat is turned off")                  \
    X(RATE_LIMITED, "rate_limited", "too many requests: slow down")           \
    X(NOT_HOST, "not_host", "only the room's host may do that")               \
    X(ELSEWHERE, "elsewhere", "another server node plays this room")

typedef enum pf_err {
#define PF__ERR_ENUM(name, code, msg) PF_E_##name,
    PF_ERRORS(PF__ERR_ENUM)
#undef PF__ERR_ENUM
    PF_E__COUNT
} pf_err;

#define PF_ERROR_FIELDS 2

/* An error with its code, a sentence for a person and the numbers a
 * program needs (hands_busy's "until"): msg never holds hidden information
 * (ruling C-3), and neither do the fields; both are sent to clients as is.
 * Texts count seats from 1, fields from 0. */
typedef struct pf_error {
    pf_err code;
    char msg[256];
    int nfields;
    struct {
        const char *name; /* static, lower_snake */
        long long value;
    } field[PF_ERROR_FIELDS];
} pf_error;

/* The protocol code string of e ("illegal_action"). */
const char *pf_err_code(pf_err e);

/* The default sentence for e. */
const char *pf_strerror(pf_err e);

/* Looks a code string up; returns PF_E__COUNT when unknown. */
pf_err pf_err_from_code(const char *code);

/* Fills *err (which may be NULL) and returns code. With fmt NULL the
 * default sentence is used. */
pf_err pf_error_set(pf_error *err, pf_err code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Adds a number to the error just set (err may be NULL); returns its code. */
pf_err pf_error_field(pf_error *err, const char *name, long long value);

#endif
