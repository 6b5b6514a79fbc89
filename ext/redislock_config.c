/* Connection settings: the options array, the table of numeric settings both
 * forms read, and their validation (the DSN grammar is redislock_config_dsn.c).
 * Everything is checked here, at construction, so a typo fails at once with a
 * message naming the bad part instead of on the first lock attempt. */
#include "redislock_globals.h"
#include "redislock_link.h"
#include "redislock_config.h"
#include "redislock_config_int.h"
#include "ext/standard/url.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include <math.h>

/* Longer than any DNS name (253), shorter than what a message can quote. */
#define REDISLOCK_MAX_HOST 255
/* More servers than any sane Redlock or seed list; keeps a typo from costing much. */
#define REDISLOCK_MAX_SERVERS 64
/* Redis numbers its databases with an int. */
#define REDISLOCK_MAX_DATABASE 2147483647
/* More replicas than any deployment has. */
#define REDISLOCK_MAX_REPLICAS 64

static bool timeout_in_range(double value);

static void config_defaults(redislock_config *cfg)
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
		&cfg->persistent_id, &cfg->endpoint, &cfg->service};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		if (*strings[i]) {
			zend_string_release(*strings[i]);
			*strings[i] = NULL;
		}
	}
}

void redislock_cfg_replace_string(zend_string **slot, zend_string *value)
{
	if (*slot) {
		zend_string_release(*slot);
	}
	*slot = value;
}

zend_string *redislock_cfg_url_decoded(const char *s, size_t len)
{
	zend_string *out = zend_string_init(s, len, 0);
	ZSTR_LEN(out) = php_raw_url_decode(ZSTR_VAL(out), ZSTR_LEN(out));
	return out;
}

/* Parses a whole decimal number; false on anything else, so "12abc" is rejected. */
bool redislock_cfg_parse_long(const char *s, size_t len, zend_long *out)
{
	zend_long value = 0;
	if (len == 0 || len > 18) {
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			return false;
		}
		value = value * 10 + (s[i] - '0');
	}
	*out = value;
	return true;
}

/* Timeouts: from a millisecond (the resolution of every wait) to the longest
 * lifetime accepted anywhere; beyond either, conversions to milliseconds and
 * timevals would lose the value. */
#define REDISLOCK_MIN_TIMEOUT 0.001
#define REDISLOCK_MAX_TIMEOUT 1e9

/* ---- the numeric settings ------------------------------------------------------ *
 * Every number a connection takes, whichever form gives it (the DSN's path or
 * query, the options array, a "watchdog" entry), is read through this table: its
 * type, its bounds and the words of its error message live here once, so the
 * forms cannot disagree on what they accept. */
typedef struct {
	const char *name;        /* the array option, or the entry of "watchdog" */
	const char *dsn_name;    /* the DSN query key (and how DSN messages name it) */
	bool integer;            /* int only; otherwise int or float seconds */
	double min;
	bool above_min;          /* the value must be greater than min, not equal */
	double max;
	const char *dsn_what;    /* "must be ..." in a DSN's message */
	const char *array_what;  /* "must be ..." in the options array's message */
	size_t offset;           /* of the zend_long or double in redislock_config */
} setting;


#define SECONDS_RANGE "between 0.001 and 1e9"
static const setting settings[SETTING_COUNT] = {
	[SETTING_DATABASE] = {"database", "database", true, 0, false, REDISLOCK_MAX_DATABASE,
		"an integer between 0 and 2147483647", "between 0 and 2147483647", offsetof(redislock_config, database)},
	[SETTING_MIN_REPLICAS] = {"min_replicas", "min_replicas", true, 0, false, REDISLOCK_MAX_REPLICAS,
		"an integer between 0 and 64", "between 0 and 64", offsetof(redislock_config, min_replicas)},
	[SETTING_MAX_ATTEMPTS] = {"max_attempts", "max_attempts", true, 0, false, REDISLOCK_MAX_ATTEMPTS,
		"an integer between 0 and 1000000", "between 0 and 1000000", offsetof(redislock_config, max_attempts)},
	[SETTING_RETRY_BACKOFF] = {"retry_backoff", "retry_backoff", false, 0, false, REDISLOCK_MAX_BACKOFF,
		"a number of seconds between 0 and 3600", "a number of seconds between 0 and 3600",
		offsetof(redislock_config, retry_backoff)},
	[SETTING_CONNECT_TIMEOUT] = {"connect_timeout", "connect_timeout", false, REDISLOCK_MIN_TIMEOUT, false, REDISLOCK_MAX_TIMEOUT,
		"a number of seconds " SECONDS_RANGE, "a finite number of seconds " SECONDS_RANGE,
		offsetof(redislock_config, connect_timeout)},
	[SETTING_READ_TIMEOUT] = {"read_timeout", "read_timeout", false, REDISLOCK_MIN_TIMEOUT, false, REDISLOCK_MAX_TIMEOUT,
		"a number of seconds " SECONDS_RANGE, "a finite number of seconds " SECONDS_RANGE,
		offsetof(redislock_config, read_timeout)},
	[SETTING_WATCHDOG_LEASE] = {"lease", "watchdog_lease", false, REDISLOCK_WATCHDOG_MIN_LEASE, false, REDISLOCK_WATCHDOG_MAX_LEASE,
		"a number of seconds between 0.05 and 3600", "a number of seconds between 0.05 and 3600",
		offsetof(redislock_config, watchdog_lease)},
	[SETTING_WATCHDOG_MAX_HOLD] = {"max_hold", "watchdog_max_hold", false, 0, true, 1e9,
		"a number of seconds greater than 0 and at most 1e9", "a number of seconds greater than 0 and at most 1e9",
		offsetof(redislock_config, watchdog_max_hold)},
};
#undef SECONDS_RANGE

/* The one range check of a setting. */
static bool setting_in_range(const setting *st, double value)
{
	return isfinite(value) && (st->above_min ? value > st->min : value >= st->min) && value <= st->max;
}

static void setting_store(redislock_config *cfg, const setting *st, double value, zend_long integer)
{
	char *field = (char *) cfg + st->offset;
	if (st->integer) {
		*(zend_long *) field = integer;
	} else {
		*(double *) field = value;
	}
}

static bool timeout_in_range(double value)
{
	return setting_in_range(&settings[SETTING_READ_TIMEOUT], value);
}

/* A setting from DSN text (already percent-decoded): a whole decimal integer, or
 * a number of seconds with nothing after it. label names it in the message
 * ("database" for the path as for "?db="). */
static bool setting_parse(const setting *st, const char *text, size_t len, double *value, zend_long *integer)
{
	bool ok;

	*integer = 0;
	if (st->integer) {
		ok = redislock_cfg_parse_long(text, len, integer);
		*value = (double) *integer;
	} else {
		const char *end = text;
		*value = len ? zend_strtod(text, &end) : 0;
		ok = len > 0 && end == text + len;
	}
	return ok && setting_in_range(st, *value);
}

bool redislock_cfg_setting_parses(int which, const char *text, size_t len)
{
	double number;
	zend_long integer;
	return setting_parse(&settings[which], text, len, &number, &integer);
}

zend_result redislock_cfg_dsn_setting(redislock_config *cfg, int which, const char *text, size_t len, uint32_t arg_num)
{
	const setting *st = &settings[which];
	zend_long integer;
	double value;

	if (!setting_parse(st, text, len, &value, &integer)) {
		zend_argument_value_error(arg_num, "has an invalid DSN: %s must be %s", st->dsn_name, st->dsn_what);
		return FAILURE;
	}
	setting_store(cfg, st, value, integer);
	return SUCCESS;
}

/* A setting from the options array: an int, or for seconds an int or a float.
 * what names it in the message: "option \"database\"", "option \"watchdog\"
 * entry \"lease\"". */
static zend_result array_setting(redislock_config *cfg, int which, zval *value, const char *what, uint32_t arg_num)
{
	const setting *st = &settings[which];
	zend_long integer = 0;
	double number;

	if (Z_TYPE_P(value) == IS_LONG) {
		integer = Z_LVAL_P(value);
		number = (double) integer;
	} else if (Z_TYPE_P(value) == IS_DOUBLE && !st->integer) {
		number = Z_DVAL_P(value);
	} else {
		zend_argument_type_error(arg_num, "%s must be of type %s, %s given", what, st->integer ? "int" : "float",
			zend_zval_type_name(value));
		return FAILURE;
	}
	/* An int beyond 2^53 is not exactly a double: compare it as an int. */
	if (st->integer ? (integer < (zend_long) st->min || integer > (zend_long) st->max) : !setting_in_range(st, number)) {
		zend_argument_value_error(arg_num, "%s must be %s", what, st->array_what);
		return FAILURE;
	}
	setting_store(cfg, st, number, integer);
	return SUCCESS;
}

/* The setting a DSN query key names, or -1. */
int redislock_cfg_dsn_setting_named(const char *key, size_t key_len)
{
	if (key_len == 2 && memcmp(key, "db", 2) == 0) {
		return SETTING_DATABASE;
	}
	for (int i = 0; i < SETTING_COUNT; i++) {
		if (strlen(settings[i].dsn_name) == key_len && memcmp(settings[i].dsn_name, key, key_len) == 0) {
			return i;
		}
	}
	return -1;
}

zend_result redislock_cfg_check_port(zend_long port, uint32_t arg_num, const char *what)
{
	if (port < 1 || port > 65535) {
		zend_argument_value_error(arg_num, "has an invalid %s: port must be between 1 and 65535", what);
		return FAILURE;
	}
	return SUCCESS;
}

zend_string *redislock_addr_string(const zend_string *host, zend_long port)
{
	if (memchr(ZSTR_VAL(host), ':', ZSTR_LEN(host))) {
		return zend_strpprintf(0, "[%s]:" ZEND_LONG_FMT, ZSTR_VAL(host), port);
	}
	return zend_strpprintf(0, "%s:" ZEND_LONG_FMT, ZSTR_VAL(host), port);
}

/* "host", "host:port" or "[v6]:port". False on anything else. */
static bool parse_addr(const char *s, size_t len, zend_long default_port, redislock_addr *out)
{
	const char *end = s + len, *host_end, *port = NULL;
	zend_long number = default_port;

	if (len == 0 || memchr(s, '\0', len)) {
		return false;
	}
	if (*s == '[') {
		const char *close = memchr(s, ']', len);
		if (!close || close == s + 1) {
			return false;
		}
		host_end = close;
		if (close + 1 < end) {
			if (close[1] != ':') {
				return false;
			}
			port = close + 2;
		}
		s++;
	} else {
		const char *colon = memchr(s, ':', len);
		host_end = colon ? colon : end;
		if (colon) {
			port = colon + 1;
		}
	}
	if (host_end == s || host_end - s > REDISLOCK_MAX_HOST) {
		return false;
	}
	if (port && (!redislock_cfg_parse_long(port, end - port, &number) || number < 1 || number > 65535)) {
		return false;
	}
	out->host = zend_string_init(s, host_end - s, 0);
	out->port = number;
	return true;
}

/* A list of addresses: the seeds of a cluster, the sentinels of a service. */
static zend_result parse_addr_list(redislock_config *cfg, HashTable *list, zend_long default_port,
	const char *option, uint32_t arg_num)
{
	zval *entry;
	uint32_t n = zend_hash_num_elements(list);

	if (n == 0 || n > REDISLOCK_MAX_SERVERS || !zend_array_is_list(list)) {
		zend_argument_value_error(arg_num, "option \"%s\" must be a list of between 1 and %d \"host:port\" addresses", option, REDISLOCK_MAX_SERVERS);
		return FAILURE;
	}
	cfg->seeds = safe_emalloc(n, sizeof(*cfg->seeds), 0);
	cfg->seed_count = 0;
	ZEND_HASH_FOREACH_VAL(list, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING) {
			zend_argument_type_error(arg_num, "option \"%s\" must list strings, %s given", option, zend_zval_type_name(entry));
			return FAILURE;
		}
		if (!parse_addr(Z_STRVAL_P(entry), Z_STRLEN_P(entry), default_port, &cfg->seeds[cfg->seed_count])) {
			zend_argument_value_error(arg_num, "option \"%s\" must list \"host:port\" addresses, an invalid one given", option);
			return FAILURE;
		}
		cfg->seed_count++;
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* "h1:p1,h2:p2" in a DSN. */
zend_result redislock_cfg_parse_addr_csv(redislock_config *cfg, const char *p, const char *end, zend_long default_port,
	const char *form, uint32_t arg_num)
{
	size_t n = 1;
	for (const char *q = p; q < end; q++) {
		n += *q == ',';
	}
	if (p == end || n > REDISLOCK_MAX_SERVERS) {
		zend_argument_value_error(arg_num, "has an invalid DSN: %s needs between 1 and %d comma-separated host:port addresses", form, REDISLOCK_MAX_SERVERS);
		return FAILURE;
	}
	cfg->seeds = safe_emalloc(n, sizeof(*cfg->seeds), 0);
	cfg->seed_count = 0;
	while (p <= end) {
		const char *comma = memchr(p, ',', end - p);
		const char *item_end = comma ? comma : end;
		zend_string *decoded = redislock_cfg_url_decoded(p, item_end - p);
		bool ok = parse_addr(ZSTR_VAL(decoded), ZSTR_LEN(decoded), default_port, &cfg->seeds[cfg->seed_count]);
		zend_string_release(decoded);
		if (!ok) {
			zend_argument_value_error(arg_num, "has an invalid DSN: %s needs comma-separated host:port addresses, an invalid one given", form);
			return FAILURE;
		}
		cfg->seed_count++;
		if (!comma) {
			break;
		}
		p = comma + 1;
	}
	return SUCCESS;
}

/* TLS: PHP's own "ssl" stream context options, under the same names. Peer
 * verification and the peer name check stay on unless turned off explicitly. */
const char *redislock_cfg_tls_string_options[] = {"cafile", "capath", "local_cert", "local_pk", "peer_name", NULL};
const char *redislock_cfg_tls_bool_options[] = {"verify_peer", "verify_peer_name", NULL};

bool redislock_cfg_tls_option_is(const char *key, size_t key_len, const char **names)
{
	for (; *names; names++) {
		if (strlen(*names) == key_len && memcmp(*names, key, key_len) == 0) {
			return true;
		}
	}
	return false;
}

void redislock_cfg_tls_enable(redislock_config *cfg)
{
	if (!cfg->tls) {
		ALLOC_HASHTABLE(cfg->tls);
		zend_hash_init(cfg->tls, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
}

void redislock_cfg_tls_set(redislock_config *cfg, const char *key, size_t key_len, zval *value)
{
	redislock_cfg_tls_enable(cfg);
	zend_hash_str_update(cfg->tls, key, key_len, value);
}

static const char *option_type_name(zval *value)
{
	return zend_zval_type_name(value);
}

static zend_result option_string(zval *value, zend_string **slot, const char *name, bool nullable, uint32_t arg_num)
{
	if (nullable && Z_TYPE_P(value) == IS_NULL) {
		redislock_cfg_replace_string(slot, NULL);
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_STRING) {
		zend_argument_type_error(arg_num, "option \"%s\" must be of type %s, %s given",
			name, nullable ? "?string" : "string", option_type_name(value));
		return FAILURE;
	}
	redislock_cfg_replace_string(slot, zend_string_copy(Z_STR_P(value)));
	return SUCCESS;
}

static zend_result option_long(zval *value, zend_long *slot, const char *name, uint32_t arg_num)
{
	if (Z_TYPE_P(value) != IS_LONG) {
		zend_argument_type_error(arg_num, "option \"%s\" must be of type int, %s given", name, option_type_name(value));
		return FAILURE;
	}
	*slot = Z_LVAL_P(value);
	return SUCCESS;
}

/* "watchdog" => true/false, or ['lease' => seconds, 'max_hold' => seconds]. */
static zend_result parse_watchdog_option(redislock_config *cfg, zval *value, uint32_t arg_num)
{
	zend_string *key;
	zval *entry;

	if (Z_TYPE_P(value) == IS_TRUE || Z_TYPE_P(value) == IS_FALSE) {
		cfg->watchdog = Z_TYPE_P(value) == IS_TRUE;
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		zend_argument_type_error(arg_num, "option \"watchdog\" must be of type array|bool, %s given", option_type_name(value));
		return FAILURE;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, entry) {
		bool lease;
		ZVAL_DEREF(entry);
		if (!key || (!(lease = zend_string_equals_literal(key, "lease")) && !zend_string_equals_literal(key, "max_hold"))) {
			zend_argument_value_error(arg_num, "option \"watchdog\" takes only the keys \"lease\" and \"max_hold\"");
			return FAILURE;
		}
		if (array_setting(cfg, lease ? SETTING_WATCHDOG_LEASE : SETTING_WATCHDOG_MAX_HOLD, entry,
				lease ? "option \"watchdog\" entry \"lease\"" : "option \"watchdog\" entry \"max_hold\"", arg_num) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	cfg->watchdog = true;
	return SUCCESS;
}

/* "tls" => true, or an array of ssl context options. */
static zend_result parse_tls_option(redislock_config *cfg, zval *value, uint32_t arg_num)
{
	zend_string *key;
	zval *option;

	if (Z_TYPE_P(value) == IS_TRUE) {
		redislock_cfg_tls_enable(cfg);
		return SUCCESS;
	}
	if (Z_TYPE_P(value) == IS_FALSE) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		zend_argument_type_error(arg_num, "option \"tls\" must be of type array|bool, %s given", option_type_name(value));
		return FAILURE;
	}
	redislock_cfg_tls_enable(cfg);
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, option) {
		ZVAL_DEREF(option);
		if (!key) {
			zend_argument_value_error(arg_num, "option \"tls\" must be an array of named ssl options");
			return FAILURE;
		}
		if (redislock_cfg_tls_option_is(ZSTR_VAL(key), ZSTR_LEN(key), redislock_cfg_tls_string_options)) {
			if (Z_TYPE_P(option) != IS_STRING) {
				zend_argument_type_error(arg_num, "option \"tls\" entry \"%s\" must be of type string, %s given",
					ZSTR_VAL(key), option_type_name(option));
				return FAILURE;
			}
		} else if (redislock_cfg_tls_option_is(ZSTR_VAL(key), ZSTR_LEN(key), redislock_cfg_tls_bool_options)) {
			if (Z_TYPE_P(option) != IS_TRUE && Z_TYPE_P(option) != IS_FALSE) {
				zend_argument_type_error(arg_num, "option \"tls\" entry \"%s\" must be of type bool, %s given",
					ZSTR_VAL(key), option_type_name(option));
				return FAILURE;
			}
		} else {
			zend_argument_value_error(arg_num, "option \"tls\" contains an unknown entry \"%s\" (known: cafile, capath, local_cert, local_pk, verify_peer, verify_peer_name, peer_name)",
				ZSTR_VAL(key));
			return FAILURE;
		}
		Z_TRY_ADDREF_P(option);
		redislock_cfg_tls_set(cfg, ZSTR_VAL(key), ZSTR_LEN(key), option);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

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
		config_defaults(m);
		cfg->member_count++;
		if (Z_TYPE_P(entry) == IS_STRING) {
			result = redislock_cfg_parse_dsn(m, Z_STR_P(entry), arg_num);
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

static zend_result parse_array(redislock_config *cfg, HashTable *options, uint32_t arg_num)
{
	zend_string *key;
	zend_ulong index;
	zval *value;
	HashTable *redlock = NULL;
	static const char *forms[] = {"sentinel", "cluster", "redlock", NULL};
	int form_count = 0;

	cfg->host = zend_string_init("127.0.0.1", sizeof("127.0.0.1") - 1, 0);
	ZEND_HASH_FOREACH_KEY_VAL(options, index, key, value) {
		ZVAL_DEREF(value);
		if (!key) {
			zend_argument_value_error(arg_num, "must be an array of named options, unknown option " ZEND_ULONG_FMT " given", index);
			return FAILURE;
		}
		if (zend_string_equals_literal(key, "host")) {
			if (option_string(value, &cfg->host, "host", false, arg_num) == FAILURE) return FAILURE;
			if (ZSTR_LEN(cfg->host) == 0 || ZSTR_LEN(cfg->host) > REDISLOCK_MAX_HOST) {
				zend_argument_value_error(arg_num, "option \"host\" must be between 1 and %d bytes long", REDISLOCK_MAX_HOST);
				return FAILURE;
			}
		} else if (zend_string_equals_literal(key, "port")) {
			if (option_long(value, &cfg->port, "port", arg_num) == FAILURE) return FAILURE;
			if (redislock_cfg_check_port(cfg->port, arg_num, "option \"port\"") == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "socket")) {
			if (option_string(value, &cfg->socket, "socket", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "user")) {
			if (option_string(value, &cfg->user, "user", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "password")) {
			if (option_string(value, &cfg->password, "password", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "database")) {
			if (array_setting(cfg, SETTING_DATABASE, value, "option \"database\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "min_replicas")) {
			if (array_setting(cfg, SETTING_MIN_REPLICAS, value, "option \"min_replicas\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "max_attempts")) {
			cfg->queue_options = true;
			if (array_setting(cfg, SETTING_MAX_ATTEMPTS, value, "option \"max_attempts\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "retry_backoff")) {
			cfg->queue_options = true;
			if (array_setting(cfg, SETTING_RETRY_BACKOFF, value, "option \"retry_backoff\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "connect_timeout")) {
			if (array_setting(cfg, SETTING_CONNECT_TIMEOUT, value, "option \"connect_timeout\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "read_timeout")) {
			if (array_setting(cfg, SETTING_READ_TIMEOUT, value, "option \"read_timeout\"", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "prefix")) {
			if (option_string(value, &cfg->prefix, "prefix", false, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "persistent")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				zend_argument_type_error(arg_num, "option \"persistent\" must be of type bool, %s given", option_type_name(value));
				return FAILURE;
			}
			cfg->persistent = Z_TYPE_P(value) == IS_TRUE;
		} else if (zend_string_equals_literal(key, "watchdog")) {
			if (parse_watchdog_option(cfg, value, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "persistent_id")) {
			if (option_string(value, &cfg->persistent_id, "persistent_id", false, arg_num) == FAILURE) return FAILURE;
			cfg->persistent = true;
		} else if (zend_string_equals_literal(key, "tls")) {
			if (parse_tls_option(cfg, value, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "sentinel") || zend_string_equals_literal(key, "cluster")) {
			bool sentinel = zend_string_equals_literal(key, "sentinel");
			if (Z_TYPE_P(value) != IS_ARRAY) {
				zend_argument_type_error(arg_num, "option \"%s\" must be of type array, %s given", ZSTR_VAL(key), option_type_name(value));
				return FAILURE;
			}
			if (cfg->seeds) {
				zend_argument_value_error(arg_num, "must not combine options \"sentinel\" and \"cluster\"");
				return FAILURE;
			}
			if (parse_addr_list(cfg, Z_ARRVAL_P(value), sentinel ? REDISLOCK_SENTINEL_PORT : REDISLOCK_DEFAULT_PORT,
					ZSTR_VAL(key), arg_num) == FAILURE) {
				return FAILURE;
			}
			cfg->mode = sentinel ? REDISLOCK_MODE_SENTINEL : REDISLOCK_MODE_CLUSTER;
		} else if (zend_string_equals_literal(key, "service")) {
			if (option_string(value, &cfg->service, "service", false, arg_num) == FAILURE) return FAILURE;
			if (ZSTR_LEN(cfg->service) == 0) {
				zend_argument_value_error(arg_num, "option \"service\" must not be empty");
				return FAILURE;
			}
		} else if (zend_string_equals_literal(key, "redlock")) {
			if (Z_TYPE_P(value) != IS_ARRAY) {
				zend_argument_type_error(arg_num, "option \"redlock\" must be of type array, %s given", option_type_name(value));
				return FAILURE;
			}
			redlock = Z_ARRVAL_P(value);
		} else if (zend_string_equals_literal(key, "auto_release")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				zend_argument_type_error(arg_num, "option \"auto_release\" must be of type bool, %s given", option_type_name(value));
				return FAILURE;
			}
			cfg->auto_release = Z_TYPE_P(value) == IS_TRUE;
		} else {
			zend_argument_value_error(arg_num, "contains an unknown option \"%s\"", ZSTR_VAL(key));
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();

	if (cfg->socket) {
		if (ZSTR_LEN(cfg->socket) == 0) {
			zend_argument_value_error(arg_num, "option \"socket\" must not be empty");
			return FAILURE;
		}
		if (zend_hash_str_exists(options, "host", sizeof("host") - 1) || zend_hash_str_exists(options, "port", sizeof("port") - 1)) {
			zend_argument_value_error(arg_num, "must not combine option \"socket\" with \"host\" or \"port\"");
			return FAILURE;
		}
		redislock_cfg_replace_string(&cfg->host, NULL);
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

	config_defaults(cfg);
	if (options) {
		result = parse_array(cfg, options, arg_num);
	} else if (dsn) {
		result = redislock_cfg_parse_dsn(cfg, dsn, arg_num);
	} else {
		const char *ini = REDISLOCK_G(default_connection);
		zend_string *ini_dsn = zend_string_init(ini ? ini : "", ini ? strlen(ini) : 0, 0);
		result = redislock_cfg_parse_dsn(cfg, ini_dsn, arg_num);
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
