/* Connection settings: one table of options, applied to the options array and
 * to the pairs of a DSN's query alike (the DSN grammar is redislock_config_dsn.c;
 * what each class takes of them, redislock_config_class.c), and the checks of
 * settings that are wrong together. Everything is checked here, at construction,
 * so a typo fails at once with a message naming the bad part instead of on the
 * first lock attempt. */
#include "redislock_globals.h"
#include "redislock_link.h"
#include "redislock_config_int.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include <math.h>

/* Redis numbers its databases with an int. */
#define REDISLOCK_MAX_DATABASE 2147483647
/* More replicas than any deployment has. */
#define REDISLOCK_MAX_REPLICAS 64
/* Timeouts: from a millisecond (the resolution of every wait) to the longest
 * lifetime accepted anywhere; beyond either, conversions to milliseconds and
 * timevals would lose the value. */
#define REDISLOCK_MIN_TIMEOUT 0.001
#define REDISLOCK_MAX_TIMEOUT 1e9

/* ---- the options: one row each (redislock_config_int.h) ------------------------ */

/* What applying the options array gathers besides the settings. */
struct _apply_ctx {
	redislock_config *cfg;
	uint32_t arg_num;
	HashTable *redlock;      /* the "redlock" list, read once the rest is known */
};

static zend_result apply_watchdog(apply_ctx *ctx, const option *opt, zval *value);
static zend_result apply_tls(apply_ctx *ctx, const option *opt, zval *value);
static zend_result apply_sentinel(apply_ctx *ctx, const option *opt, zval *value);
static zend_result apply_cluster(apply_ctx *ctx, const option *opt, zval *value);
static zend_result apply_redlock(apply_ctx *ctx, const option *opt, zval *value);

static const char *const queue_layouts[] = {"auto", "zset", NULL};

#define NAME(s) .name = s, .name_len = sizeof(s) - 1
#define DSN(s) .dsn = s, .dsn_len = sizeof(s) - 1
#define AT(field) .offset = offsetof(redislock_config, field)
static const option options[] = {
	{NAME("host"), .type = OPTION_STRING, .min = 1, .max = REDISLOCK_MAX_HOST, AT(host)},
	{NAME("port"), .type = OPTION_PORT, .min = REDISLOCK_MIN_PORT, .max = REDISLOCK_MAX_PORT, AT(port)},
	{NAME("socket"), .type = OPTION_STRING, .flags = OPTION_NULLABLE, AT(socket)},
	{NAME("user"), DSN("user"), .type = OPTION_STRING, .flags = OPTION_NULLABLE, AT(user)},
	{NAME("password"), DSN("password"), .type = OPTION_STRING, .flags = OPTION_NULLABLE, AT(password)},
	{NAME("database"), DSN("database"), .dsn_alias = "db", .type = OPTION_INT,
		.min = 0, .max = REDISLOCK_MAX_DATABASE, AT(database)},
	{NAME("min_replicas"), DSN("min_replicas"), .type = OPTION_INT, .min = 0, .max = REDISLOCK_MAX_REPLICAS,
		AT(min_replicas), .classes = REDISLOCK_CLASS_LOCK | REDISLOCK_CLASS_LIMITER},
	{NAME("max_attempts"), DSN("max_attempts"), .type = OPTION_INT, .flags = OPTION_QUEUE,
		.min = 0, .max = REDISLOCK_MAX_ATTEMPTS, AT(max_attempts), .classes = REDISLOCK_CLASS_QUEUE},
	{NAME("retry_backoff"), DSN("retry_backoff"), .type = OPTION_SECONDS, .flags = OPTION_QUEUE,
		.min = 0, .max = REDISLOCK_MAX_BACKOFF, AT(retry_backoff), .classes = REDISLOCK_CLASS_QUEUE},
	{NAME("queue_layout"), DSN("queue_layout"), .type = OPTION_WORD, .flags = OPTION_QUEUE, .min = 1,
		.words = queue_layouts, AT(queue_layout), .classes = REDISLOCK_CLASS_QUEUE},
	{NAME("connect_timeout"), DSN("connect_timeout"), .type = OPTION_SECONDS, .flags = OPTION_FINITE,
		.min = REDISLOCK_MIN_TIMEOUT, .max = REDISLOCK_MAX_TIMEOUT, AT(connect_timeout)},
	{NAME("read_timeout"), DSN("read_timeout"), .type = OPTION_SECONDS, .flags = OPTION_FINITE,
		.min = REDISLOCK_MIN_TIMEOUT, .max = REDISLOCK_MAX_TIMEOUT, AT(read_timeout)},
	{NAME("prefix"), DSN("prefix"), .type = OPTION_STRING, AT(prefix)},
	{NAME("persistent"), DSN("persistent"), .type = OPTION_FLAG, AT(persistent)},
	{NAME("persistent_id"), DSN("persistent_id"), .type = OPTION_STRING, .flags = OPTION_PERSISTENT, AT(persistent_id)},
	/* What inspect() says of the holds of this object: any bytes, kept apart from
	 * the token's random bits (redislock_holder_new_random()). */
	{NAME("holder"), DSN("holder"), .type = OPTION_STRING, .max = REDISLOCK_MAX_HOLDER, AT(holder),
		.classes = REDISLOCK_CLASS_LOCK | REDISLOCK_CLASS_SEMAPHORE},
	{NAME("auto_release"), DSN("auto_release"), .type = OPTION_FLAG, AT(auto_release)},
	{NAME("watchdog"), DSN("watchdog"), .type = OPTION_FLAG, AT(watchdog), .apply_array = apply_watchdog,
		.classes = REDISLOCK_CLASS_LOCK | REDISLOCK_CLASS_SEMAPHORE | REDISLOCK_CLASS_QUEUE},
	/* A queue renews each reservation to its own visibility; a rate limiter,
	 * refused the watchdog, is refused its entries with it. */
	{NAME("lease"), .parent = "watchdog", DSN("watchdog_lease"), .type = OPTION_SECONDS, .flags = OPTION_WATCHDOG,
		.min = REDISLOCK_WATCHDOG_MIN_LEASE, .max = REDISLOCK_WATCHDOG_MAX_LEASE, AT(watchdog_lease),
		.classes = REDISLOCK_CLASS_LOCK | REDISLOCK_CLASS_SEMAPHORE},
	{NAME("max_hold"), .parent = "watchdog", DSN("watchdog_max_hold"), .type = OPTION_SECONDS,
		.flags = OPTION_WATCHDOG | OPTION_ABOVE_MIN, .min = 0, .max = REDISLOCK_MAX_TIMEOUT, AT(watchdog_max_hold)},
	/* PHP's own "ssl" stream context options, under the same names (the order of
	 * the message that lists them). Peer verification and the peer name check stay
	 * on unless turned off explicitly. */
	{NAME("tls"), .type = OPTION_FORM, .apply_array = apply_tls},
	{NAME("cafile"), .parent = "tls", DSN("cafile"), .type = OPTION_STRING, .flags = OPTION_TLS},
	{NAME("capath"), .parent = "tls", DSN("capath"), .type = OPTION_STRING, .flags = OPTION_TLS},
	{NAME("local_cert"), .parent = "tls", DSN("local_cert"), .type = OPTION_STRING, .flags = OPTION_TLS},
	{NAME("local_pk"), .parent = "tls", DSN("local_pk"), .type = OPTION_STRING, .flags = OPTION_TLS},
	{NAME("verify_peer"), .parent = "tls", DSN("verify_peer"), .type = OPTION_FLAG, .flags = OPTION_TLS},
	{NAME("verify_peer_name"), .parent = "tls", DSN("verify_peer_name"), .type = OPTION_FLAG, .flags = OPTION_TLS},
	{NAME("peer_name"), .parent = "tls", DSN("peer_name"), .type = OPTION_STRING, .flags = OPTION_TLS},
	{NAME("sentinel"), .type = OPTION_FORM, .apply_array = apply_sentinel, .mode = REDISLOCK_MODE_SENTINEL},
	{NAME("service"), .type = OPTION_STRING, .min = 1, AT(service)},
	{NAME("cluster"), .type = OPTION_FORM, .apply_array = apply_cluster, .mode = REDISLOCK_MODE_CLUSTER},
	/* Only a lock can be held by a majority: the others count or order in one place. */
	{NAME("redlock"), .type = OPTION_FORM, .apply_array = apply_redlock, .mode = REDISLOCK_MODE_REDLOCK,
		.classes = REDISLOCK_CLASS_LOCK},
};
#undef NAME
#undef DSN
#undef AT


static bool name_is(const char *name, size_t name_len, const char *s, size_t len)
{
	return name_len == len && memcmp(name, s, len) == 0;
}

static bool parent_is(const option *opt, const char *parent)
{
	return parent ? opt->parent && strcmp(opt->parent, parent) == 0 : opt->parent == NULL;
}

/* The rows by name, built once at startup and only read after it: every option a
 * connection is given is looked up, and a walk of the table for each would cost
 * more than the rest of the parsing. No two rows share an array name. */
static HashTable array_names;    /* the array's key, or an entry's → row */
static HashTable dsn_names;      /* a DSN query key (and alias) → row */
static const option *read_timeout_row, *database_row;

void redislock_config_startup(void)
{
	zend_hash_init(&array_names, 64, NULL, NULL, 1);
	zend_hash_init(&dsn_names, 64, NULL, NULL, 1);
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		const option *opt = &options[i];
		zend_hash_str_add_new_ptr(&array_names, opt->name, opt->name_len, (void *) opt);
		if (opt->dsn) {
			zend_hash_str_add_new_ptr(&dsn_names, opt->dsn, opt->dsn_len, (void *) opt);
		}
		if (opt->dsn_alias) {
			zend_hash_str_add_new_ptr(&dsn_names, opt->dsn_alias, strlen(opt->dsn_alias), (void *) opt);
		}
	}
	read_timeout_row = zend_hash_str_find_ptr(&array_names, "read_timeout", sizeof("read_timeout") - 1);
	database_row = zend_hash_str_find_ptr(&array_names, "database", sizeof("database") - 1);
}

void redislock_config_shutdown(void)
{
	zend_hash_destroy(&array_names);
	zend_hash_destroy(&dsn_names);
}

/* The option the array (parent NULL) or its parent's array names so, or NULL. */
static const option *array_option(const char *parent, zend_string *name)
{
	const option *opt = zend_hash_find_ptr(&array_names, name);
	return opt && parent_is(opt, parent) ? opt : NULL;
}

const option *redislock_config_row(const char *name)
{
	return zend_hash_str_find_ptr(&array_names, name, strlen(name));
}

const option *redislock_config_rows(size_t *count)
{
	*count = sizeof(options) / sizeof(options[0]);
	return options;
}

/* The option a DSN query key names, or NULL. */
static const option *dsn_option(const char *key, size_t len)
{
	return zend_hash_str_find_ptr(&dsn_names, key, len);
}

static bool in_range(const option *opt, double value)
{
	return isfinite(value) && (opt->flags & OPTION_ABOVE_MIN ? value > opt->min : value >= opt->min) && value <= opt->max;
}

static bool timeout_in_range(double value)
{
	return in_range(read_timeout_row, value);
}

void redislock_config_defaults(redislock_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->port = REDISLOCK_DEFAULT_PORT;
	cfg->connect_timeout = timeout_in_range(REDISLOCK_G(connect_timeout)) ? REDISLOCK_G(connect_timeout) : 1.0;
	cfg->read_timeout = timeout_in_range(REDISLOCK_G(read_timeout)) ? REDISLOCK_G(read_timeout) : 2.0;
	cfg->auto_release = true;
	cfg->watchdog_lease = REDISLOCK_WATCHDOG_LEASE;
	cfg->watchdog_max_hold = REDISLOCK_WATCHDOG_MAX_HOLD;
}

void redislock_config_free(redislock_config *cfg)
{
	for (uint32_t i = 0; i < cfg->seed_count; i++) {
		zend_string_release(cfg->seeds[i].host);
	}
	if (cfg->seeds) {
		efree(cfg->seeds);
		cfg->seeds = NULL;
	}
	cfg->seed_count = 0;
	for (uint32_t i = 0; i < cfg->member_count; i++) {
		redislock_config_free(&cfg->members[i]);
	}
	if (cfg->members) {
		efree(cfg->members);
		cfg->members = NULL;
	}
	cfg->member_count = 0;
	if (cfg->tls) {
		zend_array_destroy(cfg->tls);
		cfg->tls = NULL;
	}
	zend_string **strings[] = {&cfg->host, &cfg->socket, &cfg->user, &cfg->password, &cfg->prefix,
		&cfg->persistent_id, &cfg->endpoint, &cfg->service, &cfg->queue_layout, &cfg->holder};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		if (*strings[i]) {
			zend_string_release(*strings[i]);
			*strings[i] = NULL;
		}
	}
}

zend_string *redislock_addr_string(const zend_string *host, zend_long port)
{
	if (memchr(ZSTR_VAL(host), ':', ZSTR_LEN(host))) {
		return zend_strpprintf(0, "[%s]:" ZEND_LONG_FMT, ZSTR_VAL(host), port);
	}
	return zend_strpprintf(0, "%s:" ZEND_LONG_FMT, ZSTR_VAL(host), port);
}

/* A bound as a message writes it: "2147483647", "0.001", "3600", "1e9". */
static void bound_text(char *buf, size_t size, const option *opt, double bound)
{
	int exponent = bound >= 1e6 ? (int) log10(bound) : 0;
	if (opt->type != OPTION_SECONDS) {
		snprintf(buf, size, ZEND_LONG_FMT, (zend_long) bound);
	} else if (exponent > 0 && pow(10, exponent) == bound) {
		snprintf(buf, size, "1e%d", exponent);
	} else {
		snprintf(buf, size, "%g", bound);
	}
}

/* What a number must be, from the row's bounds: "an integer between 0 and 64"
 * (a DSN's words) or "between 0 and 64" (the array's). */
static void range_text(char *buf, size_t size, const option *opt, bool dsn)
{
	char min[32], max[32];
	bound_text(min, sizeof(min), opt, opt->min);
	bound_text(max, sizeof(max), opt, opt->max);
	if (opt->type != OPTION_SECONDS) {
		snprintf(buf, size, "%sbetween %s and %s", dsn ? "an integer " : "", min, max);
	} else if (opt->flags & OPTION_ABOVE_MIN) {
		snprintf(buf, size, "a number of seconds greater than %s and at most %s", min, max);
	} else {
		snprintf(buf, size, "a %snumber of seconds between %s and %s", !dsn && opt->flags & OPTION_FINITE ? "finite " : "",
			min, max);
	}
}

/* How the array's messages name an option: option "database", option "tls" entry "cafile". */
static void option_what(char *buf, size_t size, const option *opt)
{
	if (opt->parent) {
		snprintf(buf, size, "option \"%s\" entry \"%s\"", opt->parent, opt->name);
	} else {
		snprintf(buf, size, "option \"%s\"", opt->name);
	}
}

static void tls_enable(redislock_config *cfg)
{
	if (!cfg->tls) {
		ALLOC_HASHTABLE(cfg->tls);
		zend_hash_init(cfg->tls, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
}

/* Stores a checked value: a number, a flag, or a string (consumed). */
static void option_store_number(redislock_config *cfg, const option *opt, zend_long integer, double number)
{
	char *field = (char *) cfg + opt->offset;
	if (opt->type == OPTION_SECONDS) {
		*(double *) field = number;
	} else {
		*(zend_long *) field = integer;
	}
}

static void option_store_flag(redislock_config *cfg, const option *opt, bool flag)
{
	if (opt->flags & OPTION_TLS) {
		zval zv;
		ZVAL_BOOL(&zv, flag);
		tls_enable(cfg);
		zend_hash_str_update(cfg->tls, opt->name, strlen(opt->name), &zv);
	} else {
		*(bool *) ((char *) cfg + opt->offset) = flag;
	}
}

static void option_store_string(redislock_config *cfg, const option *opt, zend_string *value)
{
	if (opt->flags & OPTION_TLS) {
		zval zv;
		ZVAL_STR(&zv, value);
		tls_enable(cfg);
		zend_hash_str_update(cfg->tls, opt->name, strlen(opt->name), &zv);
	} else {
		zend_string **slot = (zend_string **) ((char *) cfg + opt->offset);
		if (*slot) {
			zend_string_release(*slot);
		}
		*slot = value;
	}
}

/* What giving an option implies, whichever form gave it. */
static void option_given(redislock_config *cfg, const option *opt)
{
	if (opt->flags & OPTION_PERSISTENT) {
		cfg->persistent = true;
	}
	if (opt->flags & OPTION_QUEUE) {
		cfg->queue_options = true;
	}
}

/* ---- the options array -------------------------------------------------------- */

/* A string of the options array against the row's bounds on its length; false
 * after throwing. */
static bool string_length_ok(const apply_ctx *ctx, const option *opt, const zend_string *value)
{
	char what[96];

	if (!(ZSTR_LEN(value) < opt->min || (opt->max > 0 && ZSTR_LEN(value) > opt->max))) {
		return true;
	}
	option_what(what, sizeof(what), opt);
	if (opt->max > 0 && opt->min == 0) {
		zend_argument_value_error(ctx->arg_num, "%s must be at most %d bytes long", what, (int) opt->max);
	} else if (opt->max > 0) {
		zend_argument_value_error(ctx->arg_num, "%s must be between %d and %d bytes long", what, (int) opt->min, (int) opt->max);
	} else {
		zend_argument_value_error(ctx->arg_num, "%s must not be empty", what);
	}
	return false;
}

/* A port of the options array outside the row's bounds, which the message calls
 * an invalid address option, as the DSN's does. */
static zend_result port_out_of_range(const apply_ctx *ctx, const option *opt)
{
	char what[96];

	option_what(what, sizeof(what), opt);
	zend_argument_value_error(ctx->arg_num, "has an invalid %s: port must be between %d and %d", what, (int) opt->min,
		(int) opt->max);
	return FAILURE;
}

/* A value of the options array (or of an entry of its "watchdog" or "tls"), by
 * the row's type. */
static zend_result apply_array_value(apply_ctx *ctx, const option *opt, zval *value)
{
	redislock_config *cfg = ctx->cfg;
	const char *type;
	char what[96], range[128];

	if (opt->apply_array) {
		return opt->apply_array(ctx, opt, value);
	}
	switch (opt->type) {
		case OPTION_STRING:
		case OPTION_WORD:
			if (opt->flags & OPTION_NULLABLE && Z_TYPE_P(value) == IS_NULL) {
				option_store_string(cfg, opt, NULL);
				break;
			}
			if (Z_TYPE_P(value) != IS_STRING) {
				type = opt->flags & OPTION_NULLABLE ? "?string" : "string";
				goto wrong_type;
			}
			option_store_string(cfg, opt, zend_string_copy(Z_STR_P(value)));
			if (!string_length_ok(ctx, opt, Z_STR_P(value))) {
				return FAILURE;
			}
			break;
		case OPTION_INT:
		case OPTION_PORT:
			if (Z_TYPE_P(value) != IS_LONG) {
				type = "int";
				goto wrong_type;
			}
			/* Compared as an int: one beyond 2^53 is not exactly a double. */
			if (Z_LVAL_P(value) < (zend_long) opt->min || Z_LVAL_P(value) > (zend_long) opt->max) {
				if (opt->type == OPTION_PORT) {
					return port_out_of_range(ctx, opt);
				}
				goto out_of_range;
			}
			option_store_number(cfg, opt, Z_LVAL_P(value), 0);
			break;
		case OPTION_SECONDS: {
			double number;
			if (Z_TYPE_P(value) == IS_LONG) {
				number = (double) Z_LVAL_P(value);
			} else if (Z_TYPE_P(value) == IS_DOUBLE) {
				number = Z_DVAL_P(value);
			} else {
				type = "float";
				goto wrong_type;
			}
			if (!in_range(opt, number)) {
				goto out_of_range;
			}
			option_store_number(cfg, opt, 0, number);
			break;
		}
		case OPTION_FLAG:
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				type = "bool";
				goto wrong_type;
			}
			option_store_flag(cfg, opt, Z_TYPE_P(value) == IS_TRUE);
			break;
		case OPTION_FORM:
			ZEND_UNREACHABLE();
	}
	option_given(cfg, opt);
	return SUCCESS;

wrong_type:
	option_what(what, sizeof(what), opt);
	zend_argument_type_error(ctx->arg_num, "%s must be of type %s, %s given", what, type, zend_zval_type_name(value));
	return FAILURE;
out_of_range:
	option_what(what, sizeof(what), opt);
	range_text(range, sizeof(range), opt, false);
	zend_argument_value_error(ctx->arg_num, "%s must be %s", what, range);
	return FAILURE;
}

/* An array|bool option given something else. */
static zend_result switch_type_error(apply_ctx *ctx, const option *opt, zval *value)
{
	zend_argument_type_error(ctx->arg_num, "option \"%s\" must be of type array|bool, %s given", opt->name,
		zend_zval_type_name(value));
	return FAILURE;
}

/* The names of an option's entries, in the table's order: "a, b, c". */
static void entry_names(smart_str *out, const option *opt, const char *separator, const char *last_separator,
	const char *quote)
{
	size_t count = 0, seen = 0;
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		count += parent_is(&options[i], opt->name);
	}
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		if (!parent_is(&options[i], opt->name)) {
			continue;
		}
		if (seen > 0) {
			smart_str_appends(out, seen == count - 1 ? last_separator : separator);
		}
		smart_str_appends(out, quote);
		smart_str_appends(out, options[i].name);
		smart_str_appends(out, quote);
		seen++;
	}
	smart_str_0(out);
}

/* "watchdog" => true/false, or ['lease' => seconds, 'max_hold' => seconds]. */
static zend_result apply_watchdog(apply_ctx *ctx, const option *opt, zval *value)
{
	zend_string *key;
	zval *entry;

	if (Z_TYPE_P(value) == IS_TRUE || Z_TYPE_P(value) == IS_FALSE) {
		option_store_flag(ctx->cfg, opt, Z_TYPE_P(value) == IS_TRUE);
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		return switch_type_error(ctx, opt, value);
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, entry) {
		const option *row = key ? array_option(opt->name, key) : NULL;
		ZVAL_DEREF(entry);
		if (!row) {
			smart_str names = {0};
			entry_names(&names, opt, ", ", " and ", "\"");
			zend_argument_value_error(ctx->arg_num, "option \"%s\" takes only the keys %s", opt->name, ZSTR_VAL(names.s));
			smart_str_free(&names);
			return FAILURE;
		}
		if (apply_array_value(ctx, row, entry) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	option_store_flag(ctx->cfg, opt, true);
	return SUCCESS;
}

/* "tls" => true/false, or an array of ssl context options. */
static zend_result apply_tls(apply_ctx *ctx, const option *opt, zval *value)
{
	zend_string *key;
	zval *entry;

	if (Z_TYPE_P(value) == IS_FALSE) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_ARRAY) {
		return switch_type_error(ctx, opt, value);
	}
	tls_enable(ctx->cfg);
	if (Z_TYPE_P(value) == IS_TRUE) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, entry) {
		const option *row;
		ZVAL_DEREF(entry);
		if (!key) {
			zend_argument_value_error(ctx->arg_num, "option \"%s\" must be an array of named ssl options", opt->name);
			return FAILURE;
		}
		row = array_option(opt->name, key);
		if (!row) {
			smart_str names = {0};
			entry_names(&names, opt, ", ", ", ", "");
			zend_argument_value_error(ctx->arg_num, "option \"%s\" contains an unknown entry \"%s\" (known: %s)",
				opt->name, ZSTR_VAL(key), ZSTR_VAL(names.s));
			smart_str_free(&names);
			return FAILURE;
		}
		if (apply_array_value(ctx, row, entry) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* A list of addresses: the seeds of a cluster, the sentinels of a service. */
static zend_result apply_addr_list(apply_ctx *ctx, const option *opt, zval *value, redislock_mode mode, zend_long default_port)
{
	redislock_config *cfg = ctx->cfg;
	HashTable *list;
	zval *entry;
	uint32_t n;

	if (Z_TYPE_P(value) != IS_ARRAY) {
		zend_argument_type_error(ctx->arg_num, "option \"%s\" must be of type array, %s given", opt->name, zend_zval_type_name(value));
		return FAILURE;
	}
	if (cfg->seeds) {
		zend_argument_value_error(ctx->arg_num, "must not combine options \"sentinel\" and \"cluster\"");
		return FAILURE;
	}
	list = Z_ARRVAL_P(value);
	n = zend_hash_num_elements(list);
	if (n == 0 || n > REDISLOCK_MAX_SERVERS || !zend_array_is_list(list)) {
		zend_argument_value_error(ctx->arg_num, "option \"%s\" must be a list of between 1 and %d \"host:port\" addresses",
			opt->name, REDISLOCK_MAX_SERVERS);
		return FAILURE;
	}
	cfg->seeds = safe_emalloc(n, sizeof(*cfg->seeds), 0);
	cfg->seed_count = 0;
	ZEND_HASH_FOREACH_VAL(list, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING) {
			zend_argument_type_error(ctx->arg_num, "option \"%s\" must list strings, %s given", opt->name, zend_zval_type_name(entry));
			return FAILURE;
		}
		if (!redislock_dsn_parse_addr(Z_STRVAL_P(entry), Z_STRLEN_P(entry), default_port, &cfg->seeds[cfg->seed_count])) {
			zend_argument_value_error(ctx->arg_num, "option \"%s\" must list \"host:port\" addresses, an invalid one given", opt->name);
			return FAILURE;
		}
		cfg->seed_count++;
	} ZEND_HASH_FOREACH_END();
	cfg->mode = mode;
	return SUCCESS;
}

static zend_result apply_sentinel(apply_ctx *ctx, const option *opt, zval *value)
{
	return apply_addr_list(ctx, opt, value, REDISLOCK_MODE_SENTINEL, REDISLOCK_SENTINEL_PORT);
}

static zend_result apply_cluster(apply_ctx *ctx, const option *opt, zval *value)
{
	return apply_addr_list(ctx, opt, value, REDISLOCK_MODE_CLUSTER, REDISLOCK_DEFAULT_PORT);
}

/* The list is read once every other option is known: its servers inherit them. */
static zend_result apply_redlock(apply_ctx *ctx, const option *opt, zval *value)
{
	if (Z_TYPE_P(value) != IS_ARRAY) {
		zend_argument_type_error(ctx->arg_num, "option \"%s\" must be of type array, %s given", opt->name, zend_zval_type_name(value));
		return FAILURE;
	}
	ctx->redlock = Z_ARRVAL_P(value);
	return SUCCESS;
}

/* ---- a DSN ---------------------------------------------------------------------- */

/* A number from DSN text (already percent-decoded): a whole decimal integer, or
 * a number of seconds with nothing after it; false unless in the row's bounds. */
static bool dsn_number(const option *opt, const char *text, size_t len, zend_long *integer, double *number)
{
	bool ok;

	*integer = 0;
	if (opt->type == OPTION_INT) {
		ok = redislock_dsn_parse_long(text, len, integer);
		*number = (double) *integer;
	} else {
		const char *end = text;
		*number = len ? zend_strtod(text, &end) : 0;
		ok = len > 0 && end == text + len;
	}
	return ok && in_range(opt, *number);
}

static bool dsn_flag(const char *text, size_t len, bool *flag)
{
	if ((len == 1 && *text == '1') || (len == 4 && memcmp(text, "true", 4) == 0)) {
		*flag = true;
		return true;
	}
	if ((len == 1 && *text == '0') || (len == 5 && memcmp(text, "false", 5) == 0)) {
		*flag = false;
		return true;
	}
	return false;
}

/* A DSN's value for an option (percent-decoded), by the row's type. */
static zend_result apply_dsn_value(redislock_config *cfg, const option *opt, zend_string *value, uint32_t arg_num)
{
	char range[128];
	zend_long integer;
	double number;
	bool flag;

	switch (opt->type) {
		case OPTION_STRING:
		case OPTION_WORD:
			if (opt->max > 0 && ZSTR_LEN(value) > opt->max) {
				zend_argument_value_error(arg_num, "has an invalid DSN: %s must be at most %d bytes long", opt->dsn,
					(int) opt->max);
				return FAILURE;
			}
			option_store_string(cfg, opt, zend_string_copy(value));
			break;
		case OPTION_INT:
		case OPTION_SECONDS:
			if (!dsn_number(opt, ZSTR_VAL(value), ZSTR_LEN(value), &integer, &number)) {
				range_text(range, sizeof(range), opt, true);
				zend_argument_value_error(arg_num, "has an invalid DSN: %s must be %s", opt->dsn, range);
				return FAILURE;
			}
			option_store_number(cfg, opt, integer, number);
			break;
		case OPTION_FLAG:
			if (!dsn_flag(ZSTR_VAL(value), ZSTR_LEN(value), &flag)) {
				zend_argument_value_error(arg_num, "has an invalid DSN: %s must be 0 or 1", opt->dsn);
				return FAILURE;
			}
			option_store_flag(cfg, opt, flag);
			break;
		case OPTION_PORT:
		case OPTION_FORM:
			ZEND_UNREACHABLE();
	}
	if (opt->flags & OPTION_WATCHDOG) {
		cfg->watchdog = true;
	}
	option_given(cfg, opt);
	return SUCCESS;
}

static zend_result apply_dsn_pair(redislock_config *cfg, const redislock_dsn_pair *pair, uint32_t arg_num)
{
	const option *opt = dsn_option(pair->key, pair->key_len);
	zend_string *value;
	zend_result result;

	if (!opt) {
		zend_argument_value_error(arg_num, "has an invalid DSN: unknown option \"%.*s\"", (int) pair->key_len, pair->key);
		return FAILURE;
	}
	value = redislock_dsn_decoded(pair->value, pair->value_len);
	result = apply_dsn_value(cfg, opt, value, arg_num);
	zend_string_release(value);
	return result;
}

#define QUERY_QUIET_ERROR "has an invalid DSN: an option after the password is unknown, has no value or a bad one " \
	"(not quoted: it may be the rest of a password that holds an unencoded '&', which must be percent-encoded as %26)"

/* The query's pairs, in order. Once a password has been given, in the query or
 * (with an '@' among the options) in a userinfo that holds an unencoded '?', no
 * message names or quotes any later option: a password with an unencoded '&'
 * makes its tail look like options, and a message about them would leak it. */
static zend_result apply_dsn_query(redislock_config *cfg, const redislock_dsn *dsn, uint32_t arg_num)
{
	bool quiet = dsn->query_has_at;

	for (uint32_t i = 0; i < dsn->pair_count; i++) {
		const redislock_dsn_pair *pair = &dsn->pairs[i];
		if (!pair->value || apply_dsn_pair(cfg, pair, arg_num) == FAILURE) {
			if (quiet) {
				zend_clear_exception();
				zend_argument_value_error(arg_num, "%s", QUERY_QUIET_ERROR);
			} else if (!pair->value) {
				zend_argument_value_error(arg_num, "has an invalid DSN: option \"%.*s\" has no value",
					(int) pair->key_len, pair->key);
			}
			return FAILURE;
		}
		quiet = quiet || name_is("password", sizeof("password") - 1, pair->key, pair->key_len);
	}
	return SUCCESS;
}

/* Fills cfg from a DSN: the grammar's parts, then the "/N" path and the query's
 * options through the table. */
static zend_result apply_dsn(redislock_config *cfg, zend_string *text, uint32_t arg_num)
{
	static const redislock_mode modes[] = {
		[REDISLOCK_DSN_REDIS] = REDISLOCK_MODE_SINGLE, [REDISLOCK_DSN_REDISS] = REDISLOCK_MODE_SINGLE,
		[REDISLOCK_DSN_UNIX] = REDISLOCK_MODE_SINGLE, [REDISLOCK_DSN_SENTINEL] = REDISLOCK_MODE_SENTINEL,
		[REDISLOCK_DSN_CLUSTER] = REDISLOCK_MODE_CLUSTER,
	};
	redislock_dsn dsn;
	zend_result result = SUCCESS;

	if (redislock_dsn_parse(&dsn, text, arg_num) == FAILURE) {
		return FAILURE;
	}
	cfg->mode = modes[dsn.form];
	cfg->host = dsn.host;
	cfg->port = dsn.port;
	cfg->socket = dsn.socket;
	cfg->user = dsn.user;
	cfg->password = dsn.password;
	cfg->seeds = dsn.seeds;
	cfg->seed_count = dsn.seed_count;
	cfg->service = dsn.service;
	dsn.host = dsn.socket = dsn.user = dsn.password = dsn.service = NULL;
	dsn.seeds = NULL;
	dsn.seed_count = 0;
	if (dsn.form == REDISLOCK_DSN_REDISS) {
		tls_enable(cfg);
	}
	if (dsn.database) {
		/* The range check of every form: "/N" is "?db=N". */
		zend_string *digits = zend_string_init(dsn.database, dsn.database_len, 0);
		result = apply_dsn_value(cfg, database_row, digits, arg_num);
		zend_string_release(digits);
	}
	if (result == SUCCESS) {
		result = apply_dsn_query(cfg, &dsn, arg_num);
	}
	if (result == SUCCESS && cfg->tls && dsn.form == REDISLOCK_DSN_REDIS) {
		zend_argument_value_error(arg_num, "has an invalid DSN: TLS options need the rediss:// scheme");
		result = FAILURE;
	} else if (result == SUCCESS && cfg->tls && cfg->mode != REDISLOCK_MODE_SINGLE) {
		zend_argument_value_error(arg_num, "has an invalid DSN: for TLS with %s use the options array and its \"tls\" option",
			dsn.scheme);
		result = FAILURE;
	}
	redislock_dsn_free(&dsn);
	return result;
}

/* Whether "key=value" of a DSN query is a number or a flag the parser takes as
 * it is (for phpinfo, which shows those after a password; a string option there
 * may be the rest of a password with an unencoded '&'). */
static bool dsn_pair_shown(const char *key, size_t key_len, const char *value, size_t value_len)
{
	const option *opt = dsn_option(key, key_len);
	zend_long integer;
	double number;
	bool flag;

	if (!opt) {
		return false;
	}
	if (opt->type == OPTION_INT || opt->type == OPTION_SECONDS) {
		return dsn_number(opt, value, value_len, &integer, &number);
	}
	return opt->type == OPTION_FLAG && dsn_flag(value, value_len, &flag);
}

zend_string *redislock_config_redact(const char *dsn)
{
	return redislock_dsn_redact(dsn, dsn_pair_shown);
}

/* ---- the whole setting ---------------------------------------------------------- */

static zend_result parse_array(redislock_config *cfg, HashTable *options, uint32_t arg_num);
static zend_result check_settings(const redislock_config *cfg, uint32_t arg_num);
static void build_endpoint(redislock_config *cfg);

/* Redlock: each server is a DSN or an options array of its own. What the outer
 * array says about timeouts applies to every server; credentials, TLS, the
 * database and persistence apply to those that do not set their own. */
static zend_result parse_redlock(redislock_config *cfg, HashTable *outer, HashTable *list, uint32_t arg_num)
{
	uint32_t n = zend_hash_num_elements(list);
	zval *entry;

	if (n == 0 || n > REDISLOCK_MAX_SERVERS || !zend_array_is_list(list)) {
		zend_argument_value_error(arg_num, "option \"redlock\" must be a list of between 1 and %d servers", REDISLOCK_MAX_SERVERS);
		return FAILURE;
	}
	cfg->members = ecalloc(n, sizeof(*cfg->members));
	ZEND_HASH_FOREACH_VAL(list, entry) {
		redislock_config *m = &cfg->members[cfg->member_count];
		zend_result result;

		ZVAL_DEREF(entry);
		redislock_config_defaults(m);
		cfg->member_count++;
		if (Z_TYPE_P(entry) == IS_STRING) {
			result = apply_dsn(m, Z_STR_P(entry), arg_num);
		} else if (Z_TYPE_P(entry) == IS_ARRAY) {
			/* Refused before parsing, not after: a member that nests "redlock" (or
			 * refers back to the whole options array) would recurse without end. */
			if (zend_hash_str_exists(Z_ARRVAL_P(entry), "redlock", sizeof("redlock") - 1)) {
				zend_argument_value_error(arg_num, "option \"redlock\" must list single servers or Sentinel services, not a \"redlock\"");
				return FAILURE;
			}
			result = parse_array(m, Z_ARRVAL_P(entry), arg_num);
		} else {
			zend_argument_type_error(arg_num, "option \"redlock\" must list DSN strings or option arrays, %s given",
				zend_zval_type_name(entry));
			return FAILURE;
		}
		if (result == FAILURE) {
			return FAILURE;
		}
		if (m->mode == REDISLOCK_MODE_REDLOCK || m->mode == REDISLOCK_MODE_CLUSTER) {
			zend_argument_value_error(arg_num, "option \"redlock\" must list single servers or Sentinel services, not a %s",
				m->mode == REDISLOCK_MODE_REDLOCK ? "\"redlock\"" : "cluster");
			return FAILURE;
		}
		if (zend_hash_str_exists(outer, "connect_timeout", sizeof("connect_timeout") - 1)) {
			m->connect_timeout = cfg->connect_timeout;
		}
		if (zend_hash_str_exists(outer, "read_timeout", sizeof("read_timeout") - 1)) {
			m->read_timeout = cfg->read_timeout;
		}
		if (!m->password && cfg->password) {
			m->password = zend_string_copy(cfg->password);
			m->user = cfg->user ? zend_string_copy(cfg->user) : NULL;
		}
		if (!m->tls && cfg->tls) {
			if (m->socket) {
				zend_argument_value_error(arg_num, "option \"redlock\" lists a unix socket, which cannot use the TLS the outer options ask for");
				return FAILURE;
			}
			m->tls = zend_array_dup(cfg->tls);
		}
		if (m->database == 0) {
			m->database = cfg->database;
		}
		if (!m->persistent && cfg->persistent) {
			m->persistent = true;
			m->persistent_id = cfg->persistent_id ? zend_string_copy(cfg->persistent_id) : NULL;
		}
		if (m->user && !m->password) {
			zend_argument_value_error(arg_num, "option \"redlock\" names a user but no password");
			return FAILURE;
		}
		if (m->min_replicas > 0) {
			zend_argument_value_error(arg_num, "cannot use option \"min_replicas\" with \"redlock\": a Redlock lock is held by a majority of independent masters, not replicated");
			return FAILURE;
		}
		if (check_settings(m, arg_num) == FAILURE) {
			return FAILURE;
		}
		build_endpoint(m);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* Settings of the options array that are wrong together, and the Redlock list
 * once the rest is known. */
static zend_result check_array_forms(redislock_config *cfg, HashTable *options, HashTable *redlock, uint32_t arg_num)
{
	static const char *forms[] = {"sentinel", "cluster", "redlock", NULL};
	int form_count;

	if (cfg->socket) {
		if (ZSTR_LEN(cfg->socket) == 0) {
			zend_argument_value_error(arg_num, "option \"socket\" must not be empty");
			return FAILURE;
		}
		if (zend_hash_str_exists(options, "host", sizeof("host") - 1) || zend_hash_str_exists(options, "port", sizeof("port") - 1)) {
			zend_argument_value_error(arg_num, "must not combine option \"socket\" with \"host\" or \"port\"");
			return FAILURE;
		}
		zend_string_release(cfg->host);
		cfg->host = NULL;
	}

	form_count = cfg->socket != NULL;
	for (const char **form = forms; *form; form++) {
		form_count += zend_hash_str_exists(options, *form, strlen(*form));
	}
	if (form_count > 1) {
		zend_argument_value_error(arg_num, "must use only one of the options \"socket\", \"sentinel\", \"cluster\" and \"redlock\"");
		return FAILURE;
	}
	if (cfg->mode == REDISLOCK_MODE_SENTINEL && !cfg->service) {
		zend_argument_value_error(arg_num, "option \"sentinel\" needs the option \"service\", the name of the master");
		return FAILURE;
	}
	if (cfg->service && cfg->mode != REDISLOCK_MODE_SENTINEL) {
		zend_argument_value_error(arg_num, "option \"service\" needs the option \"sentinel\"");
		return FAILURE;
	}
	if ((cfg->mode != REDISLOCK_MODE_SINGLE || redlock) && (zend_hash_str_exists(options, "host", sizeof("host") - 1)
			|| zend_hash_str_exists(options, "port", sizeof("port") - 1))) {
		zend_argument_value_error(arg_num, "must not combine option \"host\" or \"port\" with \"sentinel\", \"cluster\" or \"redlock\"");
		return FAILURE;
	}
	if (redlock) {
		cfg->mode = REDISLOCK_MODE_REDLOCK;
		if (parse_redlock(cfg, options, redlock, arg_num) == FAILURE) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

static zend_result parse_array(redislock_config *cfg, HashTable *options, uint32_t arg_num)
{
	apply_ctx ctx = {.cfg = cfg, .arg_num = arg_num};
	zend_string *key;
	zend_ulong index;
	zval *value;

	cfg->host = zend_string_init("127.0.0.1", sizeof("127.0.0.1") - 1, 0);
	ZEND_HASH_FOREACH_KEY_VAL(options, index, key, value) {
		const option *opt;
		ZVAL_DEREF(value);
		if (!key) {
			zend_argument_value_error(arg_num, "must be an array of named options, unknown option " ZEND_ULONG_FMT " given", index);
			return FAILURE;
		}
		if (!(opt = array_option(NULL, key))) {
			zend_argument_value_error(arg_num, "contains an unknown option \"%s\"", ZSTR_VAL(key));
			return FAILURE;
		}
		if (apply_array_value(&ctx, opt, value) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return check_array_forms(cfg, options, ctx.redlock, arg_num);
}

static void build_endpoint(redislock_config *cfg)
{
	if (cfg->mode == REDISLOCK_MODE_SENTINEL || cfg->mode == REDISLOCK_MODE_CLUSTER) {
		smart_str out = {0};
		if (cfg->mode == REDISLOCK_MODE_SENTINEL) {
			smart_str_appends(&out, "sentinel ");
			smart_str_append(&out, cfg->service);
			smart_str_appends(&out, " via ");
		} else {
			smart_str_appends(&out, "cluster ");
		}
		for (uint32_t i = 0; i < cfg->seed_count; i++) {
			zend_string *addr = redislock_addr_string(cfg->seeds[i].host, cfg->seeds[i].port);
			if (i > 0) {
				smart_str_appendc(&out, ',');
			}
			smart_str_append(&out, addr);
			zend_string_release(addr);
		}
		cfg->endpoint = smart_str_extract(&out);
		return;
	}
	if (cfg->mode == REDISLOCK_MODE_REDLOCK) {
		cfg->endpoint = zend_strpprintf(0, "redlock of %u servers", cfg->member_count);
		return;
	}
	if (cfg->socket) {
		cfg->endpoint = zend_strpprintf(0, "unix:%s", ZSTR_VAL(cfg->socket));
	} else if (memchr(ZSTR_VAL(cfg->host), ':', ZSTR_LEN(cfg->host))) {
		cfg->endpoint = zend_strpprintf(0, "[%s]:" ZEND_LONG_FMT, ZSTR_VAL(cfg->host), cfg->port);
	} else {
		cfg->endpoint = zend_strpprintf(0, "%s:" ZEND_LONG_FMT, ZSTR_VAL(cfg->host), cfg->port);
	}
}

/* Settings that are wrong together, whichever form gave them; checked for every
 * Redlock member too. */
static zend_result check_settings(const redislock_config *cfg, uint32_t arg_num)
{
	if (cfg->socket && ZSTR_LEN(cfg->socket) > REDISLOCK_MAX_SOCKET_PATH) {
		/* A sockaddr_un holds no more; the kernel could not connect to it. */
		zend_argument_value_error(arg_num, "has a unix socket path of %zu bytes, longer than the %d bytes a unix socket path may have",
			ZSTR_LEN(cfg->socket), REDISLOCK_MAX_SOCKET_PATH);
		return FAILURE;
	}
	if (cfg->socket && memchr(ZSTR_VAL(cfg->socket), '\0', ZSTR_LEN(cfg->socket))) {
		zend_argument_value_error(arg_num, "has a unix socket path that contains a NUL byte");
		return FAILURE;
	}
	if (cfg->tls && cfg->socket) {
		zend_argument_value_error(arg_num, "cannot use TLS over a unix socket");
		return FAILURE;
	}
	if (cfg->tls) {
		/* A C string ends at the first NUL: "localhost\0.evil" would be verified as
		 * "localhost", and an empty name would turn the name check off. */
		zend_string *key;
		zval *value;
		ZEND_HASH_FOREACH_STR_KEY_VAL(cfg->tls, key, value) {
			if (Z_TYPE_P(value) == IS_STRING && (memchr(Z_STRVAL_P(value), '\0', Z_STRLEN_P(value))
					|| (Z_STRLEN_P(value) == 0 && zend_string_equals_literal(key, "peer_name")))) {
				zend_argument_value_error(arg_num, "option \"tls\" entry \"%s\" must be a non-empty string without NUL bytes", ZSTR_VAL(key));
				return FAILURE;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (cfg->user && !cfg->password) {
		zend_argument_value_error(arg_num, "names a user but no password");
		return FAILURE;
	}
	if (cfg->mode == REDISLOCK_MODE_CLUSTER && cfg->database != 0) {
		zend_argument_value_error(arg_num, "cannot select a database on a Redis Cluster: it has database 0 only");
		return FAILURE;
	}
	if (cfg->mode == REDISLOCK_MODE_REDLOCK && cfg->min_replicas > 0) {
		zend_argument_value_error(arg_num, "cannot use option \"min_replicas\" with \"redlock\": a Redlock lock is held by a majority of independent masters, not replicated");
		return FAILURE;
	}
	return SUCCESS;
}

zend_result redislock_config_parse(redislock_config *cfg, zend_string *dsn, HashTable *options, uint32_t arg_num)
{
	zend_result result;

	redislock_config_defaults(cfg);
	if (options) {
		result = parse_array(cfg, options, arg_num);
	} else if (dsn) {
		result = apply_dsn(cfg, dsn, arg_num);
	} else {
		const char *ini = REDISLOCK_G(default_connection);
		zend_string *ini_dsn = zend_string_init(ini ? ini : "", ini ? strlen(ini) : 0, 0);
		result = apply_dsn(cfg, ini_dsn, arg_num);
		zend_string_release(ini_dsn);
	}
	if (result == SUCCESS) {
		result = check_settings(cfg, arg_num);
	}
	if (result == FAILURE) {
		redislock_config_free(cfg);
		return FAILURE;
	}
	build_endpoint(cfg);
	return SUCCESS;
}

void redislock_config_describe(const redislock_config *cfg, zval *array)
{
	static const char *modes[] = {"single", "sentinel", "cluster", "redlock"};
	add_assoc_string(array, "mode", (char *) modes[cfg->mode]);
	add_assoc_str(array, "endpoint", zend_string_copy(cfg->endpoint));
	add_assoc_long(array, "database", cfg->database);
	if (cfg->min_replicas > 0) {
		add_assoc_long(array, "min_replicas", cfg->min_replicas);
	}
	if (cfg->max_attempts > 0) {
		add_assoc_long(array, "max_attempts", cfg->max_attempts);
	}
	if (cfg->watchdog) {
		zval wd;
		array_init(&wd);
		add_assoc_double(&wd, "lease", cfg->watchdog_lease);
		add_assoc_double(&wd, "max_hold", cfg->watchdog_max_hold);
		add_assoc_zval(array, "watchdog", &wd);
	}
	if (cfg->retry_backoff > 0) {
		add_assoc_double(array, "retry_backoff", cfg->retry_backoff);
	}
	if (cfg->queue_layout) {
		add_assoc_str(array, "queue_layout", zend_string_copy(cfg->queue_layout));
	}
	if (cfg->user) {
		add_assoc_str(array, "user", zend_string_copy(cfg->user));
	} else {
		add_assoc_null(array, "user");
	}
	add_assoc_bool(array, "password", cfg->password != NULL);
	add_assoc_bool(array, "tls", cfg->tls != NULL);
	add_assoc_bool(array, "persistent", cfg->persistent);
	add_assoc_double(array, "connect_timeout", cfg->connect_timeout);
	add_assoc_double(array, "read_timeout", cfg->read_timeout);
}
