/* The option table's rows, shared by the files of the config layer:
 * redislock_config.c holds the table and applies it, redislock_config_class.c
 * checks what each class takes of it. */
#ifndef REDISLOCK_CONFIG_INT_H
#define REDISLOCK_CONFIG_INT_H

#include "redislock_config.h"

/* ---- the options ---------------------------------------------------------------- *
 * Every option a connection takes, whichever form gives it (the options array, an
 * entry of its "watchdog" or "tls" option, a DSN's query), is one row of options[]:
 * its names, its type, its bounds, what giving it implies, and the classes that
 * take it. Both forms apply a row by its type, and every message about a value, or
 * about a class that does not take the option, is built from the rows, so the
 * forms and the classes cannot disagree on what they accept. */
typedef enum {
	OPTION_STRING,   /* array: a string; DSN: the percent-decoded text */
	OPTION_INT,      /* array: an int; DSN: a whole decimal number */
	OPTION_SECONDS,  /* array: an int or a float; DSN: a decimal number */
	OPTION_FLAG,     /* array: a bool; DSN: 0, 1, true or false */
	OPTION_PORT,     /* array: an int; a DSN gives the port in its authority */
	OPTION_WORD,     /* as OPTION_STRING, then one of the row's words: checked once the
	                  * class has taken the option (redislock_config_for_class()) */
	OPTION_FORM      /* array only: what its handler reads (tls, sentinel, cluster, redlock) */
} option_type;

#define OPTION_NULLABLE   (1 << 0) /* array: null is accepted (and unsets) */
#define OPTION_ABOVE_MIN  (1 << 1) /* greater than min, not equal */
#define OPTION_FINITE     (1 << 2) /* the array's message says "a finite number of seconds" */
#define OPTION_TLS        (1 << 3) /* stored under its name among PHP's "ssl" context options */
#define OPTION_PERSISTENT (1 << 4) /* giving it turns persistence on */
#define OPTION_WATCHDOG   (1 << 5) /* giving it in a DSN turns the watchdog on */
#define OPTION_QUEUE      (1 << 6) /* a queue's option (the other classes refuse them) */

typedef struct _apply_ctx apply_ctx;
typedef struct _option option;

struct _option {
	const char *name;        /* the array's key, or the entry's under parent */
	size_t name_len;
	const char *parent;      /* NULL, or the array option this is an entry of */
	const char *dsn;         /* the DSN query key (and how DSN messages name it); NULL: none */
	size_t dsn_len;
	const char *dsn_alias;   /* another DSN key for it, or NULL */
	option_type type;
	uint32_t flags;
	double min, max;         /* numbers: the value; strings: the length (max 0: no maximum) */
	const char *const *words; /* OPTION_WORD: the values it takes, NULL-terminated */
	/* The classes that take it; 0: every class. A class outside is refused when
	 * the option is in use, in the words of redislock_config_class.c. */
	uint32_t classes;
	redislock_mode mode;     /* OPTION_FORM: the mode it selects (sentinel, cluster, redlock) */
	size_t offset;           /* of the field in redislock_config (not for OPTION_TLS) */
	/* The array's value, when it is more than the type says (array|bool, a list). */
	zend_result (*apply_array)(apply_ctx *ctx, const option *opt, zval *value);
};

/* The row the options array names so (an entry's name too: no two rows share
 * one), or NULL. */
const option *redislock_config_row(const char *name);
/* The rows, in the table's order. */
const option *redislock_config_rows(size_t *count);
/* A setting before any option: the defaults, the INI's timeouts. */
void redislock_config_defaults(redislock_config *cfg);

#endif
