/* What each class takes of the options: a row's mask of classes says whether a
 * class takes it, refusals[] what a class is told when it does not (or does not
 * in one mode), and a word option's words what its value may be. The constructors
 * call redislock_config_for_class() once the setting is parsed, so a class never
 * writes its own refusals and every message is built from these rows. */
#include "redislock_config_int.h"
#include "redislock_args.h"

/* What a class is told when it does not take an option it was given: "cannot use
 * <what>[ with "<form>"]<why>". The order is the order each class checks them
 * in, so that of two refused options the same one is named first as it always was. */
typedef struct {
	uint32_t classes;        /* the classes it is said to */
	const char *option;      /* the row */
	/* NULL: the row's classes leave these out. Else a row of OPTION_FORM: the
	 * classes take the option, but not in the mode that form selects. */
	const char *with;
	const char *what;        /* NULL: option "<name>" */
	const char *why;
} refusal;

#define NOT_QUEUE (REDISLOCK_CLASS_LOCK | REDISLOCK_CLASS_SEMAPHORE | REDISLOCK_CLASS_LIMITER | REDISLOCK_CLASS_LATCH)
/* The queue's options are refused together, whichever was given, and when given
 * at all (an explicit 0 too): each would be taken for a setting of the class. */
#define QUEUE_OPTIONS "options \"max_attempts\" and \"retry_backoff\"", ": they apply to RedisQueue reservations"
#define ONE_PLACE "a server, a Sentinel-managed master or a cluster slot, never split over independent servers"
static const refusal refusals[] = {
	{REDISLOCK_CLASS_LOCK, "watchdog", "redlock", NULL,
		": renewals would have to reach a majority of independent servers in time"},
	{REDISLOCK_CLASS_LOCK, "holder", "redlock", NULL, ": inspect(), which names the holder, is not available with redlock"},
	{NOT_QUEUE, "max_attempts", NULL, QUEUE_OPTIONS},
	{NOT_QUEUE, "retry_backoff", NULL, QUEUE_OPTIONS},
	{NOT_QUEUE, "queue_layout", NULL, QUEUE_OPTIONS},
	{REDISLOCK_CLASS_SEMAPHORE, "redlock", NULL, NULL, ": a semaphore counts its permits in one place, " ONE_PLACE},
	{REDISLOCK_CLASS_LIMITER, "redlock", NULL, NULL, ": a rate limiter counts in one place, " ONE_PLACE},
	{REDISLOCK_CLASS_QUEUE, "redlock", NULL, NULL, ": a queue lives on one server, "
		"a Sentinel-managed master or a cluster, never split over independent servers"},
	{REDISLOCK_CLASS_SEMAPHORE, "min_replicas", NULL, NULL, ": it applies to RedisLock acquisitions"},
	{REDISLOCK_CLASS_QUEUE, "min_replicas", NULL, NULL, ": it applies to lock acquisitions"},
	{REDISLOCK_CLASS_LIMITER, "min_replicas", "cluster", NULL, " for a rate limiter"},
	{REDISLOCK_CLASS_LIMITER, "watchdog", NULL, NULL, ": a rate limiter holds nothing to renew"},
	{REDISLOCK_CLASS_LIMITER, "holder", NULL, NULL, ": a rate limiter holds nothing"},
	{REDISLOCK_CLASS_LATCH, "redlock", NULL, NULL, ": a latch counts in one place, " ONE_PLACE},
	{REDISLOCK_CLASS_LATCH, "min_replicas", NULL, NULL, ": it applies to RedisLock acquisitions and rate limiter decisions"},
	{REDISLOCK_CLASS_LATCH, "watchdog", NULL, NULL, ": a latch holds nothing to renew"},
	{REDISLOCK_CLASS_LATCH, "holder", NULL, NULL, ": a latch holds nothing"},
	{REDISLOCK_CLASS_QUEUE, "holder", NULL, NULL, ": it names the holder of a lock or of a semaphore's permits"},
	{REDISLOCK_CLASS_QUEUE, "lease", NULL, "a watchdog lease",
		" on a queue: each reservation is renewed to its own visibility (max_hold applies)"},
};
#undef NOT_QUEUE
#undef QUEUE_OPTIONS
#undef ONE_PLACE

/* Whether cfg sets opt: its form is the mode, or its value is not the default
 * (giving min_replicas 0 or watchdog false sets nothing); an entry only when its
 * option is set too (a lease with the watchdog off renews nothing). The queue's
 * options count as soon as they are given. */
static bool option_in_use(const redislock_config *cfg, const option *opt)
{
	redislock_config defaults;
	const char *field = (const char *) cfg + opt->offset, *unset = (const char *) &defaults + opt->offset;

	if (opt->parent && !option_in_use(cfg, redislock_config_row(opt->parent))) {
		return false;
	}
	if (opt->flags & OPTION_QUEUE) {
		return cfg->queue_options;
	}
	if (opt->flags & OPTION_TLS) {
		return false;
	}
	redislock_config_defaults(&defaults);
	switch (opt->type) {
		case OPTION_FORM:
			return cfg->mode == opt->mode;
		case OPTION_STRING:
		case OPTION_WORD:
			return *(zend_string *const *) field != NULL;
		case OPTION_INT:
		case OPTION_PORT:
			return *(const zend_long *) field != *(const zend_long *) unset;
		case OPTION_SECONDS:
			return *(const double *) field != *(const double *) unset;
		case OPTION_FLAG:
			return *(const bool *) field != *(const bool *) unset;
	}
	return false;
}

/* "cannot use option "watchdog" with "redlock": ...", from the refusal's row. */
static void refuse(const refusal *r, uint32_t arg_num)
{
	char what[64], with[64] = "";

	if (r->what) {
		snprintf(what, sizeof(what), "%s", r->what);
	} else {
		snprintf(what, sizeof(what), "option \"%s\"", r->option);
	}
	if (r->with) {
		snprintf(with, sizeof(with), " with \"%s\"", r->with);
	}
	zend_argument_value_error(arg_num, "cannot use %s%s%s", what, with, r->why);
}

/* Whether every one of classes takes the option (the row's mask). */
static bool option_takes(const option *opt, uint32_t classes)
{
	return opt->classes == 0 || (opt->classes & classes) == classes;
}

/* The first refusal that applies to cls, in the table's order, or NULL. */
static const refusal *refusal_of(const redislock_config *cfg, redislock_class cls)
{
	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const refusal *r = &refusals[i];
		const option *opt = redislock_config_row(r->option);
		const option *with = r->with ? redislock_config_row(r->with) : NULL;
		bool taken;

		/* A refusal speaks to classes its row leaves out, or (with a form) to
		 * classes the row has, which take it in the other modes. */
		ZEND_ASSERT(opt && (r->with ? with && with->type == OPTION_FORM && option_takes(opt, r->classes)
			: opt->classes != 0 && (opt->classes & r->classes) == 0));
		taken = with ? !option_in_use(cfg, with) : option_takes(opt, cls);
		if ((r->classes & cls) && !taken && option_in_use(cfg, opt)) {
			return r;
		}
	}
	return NULL;
}

/* The first word option of cfg whose value is none of its words, or NULL. */
static const option *bad_word(const redislock_config *cfg)
{
	size_t count;
	const option *rows = redislock_config_rows(&count);

	for (size_t i = 0; i < count; i++) {
		const zend_string *value;
		if (rows[i].type != OPTION_WORD) {
			continue;
		}
		value = *(zend_string *const *) ((const char *) cfg + rows[i].offset);
		if (value && redislock_word_index(value, rows[i].words) < 0) {
			return &rows[i];
		}
	}
	return NULL;
}

zend_result redislock_config_for_class(redislock_config *cfg, redislock_class cls, uint32_t arg_num)
{
	const refusal *r = refusal_of(cfg, cls);
	const option *opt = r ? NULL : bad_word(cfg);

	if (r) {
		refuse(r, arg_num);
	} else if (opt) {
		zend_string *words = redislock_words_text(opt->words);
		zend_argument_value_error(arg_num, "option \"%s\" must be %s", opt->name, ZSTR_VAL(words));
		zend_string_release(words);
	} else {
		return SUCCESS;
	}
	redislock_config_free(cfg);
	return FAILURE;
}
