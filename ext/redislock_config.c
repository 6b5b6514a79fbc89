/* Connection settings: the DSN grammar, the options array, and their validation.
 * Everything is checked here, at construction, so a typo fails at once with a
 * message naming the bad part instead of on the first lock attempt. */
#include "php_redislock.h"
#include "redislock_config.h"
#include "ext/standard/url.h"
#include "zend_exceptions.h"
#include <math.h>

#define REDISLOCK_DEFAULT_PORT 6379

static void config_defaults(redislock_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->port = REDISLOCK_DEFAULT_PORT;
	cfg->connect_timeout = REDISLOCK_G(connect_timeout) > 0 ? REDISLOCK_G(connect_timeout) : 1.0;
	cfg->read_timeout = REDISLOCK_G(read_timeout) > 0 ? REDISLOCK_G(read_timeout) : 2.0;
	cfg->auto_release = true;
}

void redislock_config_free(redislock_config *cfg)
{
	if (cfg->tls) {
		zend_array_destroy(cfg->tls);
		cfg->tls = NULL;
	}
	zend_string **strings[] = {&cfg->host, &cfg->socket, &cfg->user, &cfg->password, &cfg->prefix,
		&cfg->persistent_id, &cfg->endpoint};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		if (*strings[i]) {
			zend_string_release(*strings[i]);
			*strings[i] = NULL;
		}
	}
}

static void replace_string(zend_string **slot, zend_string *value)
{
	if (*slot) {
		zend_string_release(*slot);
	}
	*slot = value;
}

static zend_string *url_decoded(const char *s, size_t len)
{
	zend_string *out = zend_string_init(s, len, 0);
	ZSTR_LEN(out) = php_raw_url_decode(ZSTR_VAL(out), ZSTR_LEN(out));
	return out;
}

/* Parses a whole decimal number; false on anything else, so "12abc" is rejected. */
static bool parse_long(const char *s, size_t len, zend_long *out)
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

static bool parse_seconds(const char *s, size_t len, double *out)
{
	const char *end;
	double value;
	if (len == 0) {
		return false;
	}
	value = zend_strtod(s, &end);
	if (end != s + len || !isfinite(value) || value <= 0) {
		return false;
	}
	*out = value;
	return true;
}

static zend_result check_port(zend_long port, uint32_t arg_num, const char *what)
{
	if (port < 1 || port > 65535) {
		zend_argument_value_error(arg_num, "has an invalid %s: port must be between 1 and 65535", what);
		return FAILURE;
	}
	return SUCCESS;
}

/* TLS: PHP's own "ssl" stream context options, under the same names. Peer
 * verification and the peer name check stay on unless turned off explicitly. */
static const char *tls_string_options[] = {"cafile", "capath", "local_cert", "local_pk", "peer_name", NULL};
static const char *tls_bool_options[] = {"verify_peer", "verify_peer_name", NULL};

static bool tls_option_is(const char *key, size_t key_len, const char **names)
{
	for (; *names; names++) {
		if (strlen(*names) == key_len && memcmp(*names, key, key_len) == 0) {
			return true;
		}
	}
	return false;
}

static void tls_enable(redislock_config *cfg)
{
	if (!cfg->tls) {
		ALLOC_HASHTABLE(cfg->tls);
		zend_hash_init(cfg->tls, 8, NULL, ZVAL_PTR_DTOR, 0);
	}
}

static void tls_set(redislock_config *cfg, const char *key, size_t key_len, zval *value)
{
	tls_enable(cfg);
	zend_hash_str_update(cfg->tls, key, key_len, value);
}

/* One "key=value" of a DSN query string; the same names as the array options. */
static zend_result apply_query_option(redislock_config *cfg, const char *key, size_t key_len,
		const char *value, size_t value_len, uint32_t arg_num)
{
	zend_string *decoded = url_decoded(value, value_len);
	zend_result result = SUCCESS;

#define KEY_IS(name) (key_len == sizeof(name) - 1 && memcmp(key, name, key_len) == 0)
	if (KEY_IS("db") || KEY_IS("database")) {
		if (!parse_long(ZSTR_VAL(decoded), ZSTR_LEN(decoded), &cfg->database)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: database must be a non-negative integer");
			result = FAILURE;
		}
	} else if (KEY_IS("connect_timeout") || KEY_IS("read_timeout")) {
		double *slot = KEY_IS("connect_timeout") ? &cfg->connect_timeout : &cfg->read_timeout;
		if (!parse_seconds(ZSTR_VAL(decoded), ZSTR_LEN(decoded), slot)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: %.*s must be a number of seconds greater than 0",
				(int) key_len, key);
			result = FAILURE;
		}
	} else if (KEY_IS("user")) {
		replace_string(&cfg->user, zend_string_copy(decoded));
	} else if (KEY_IS("password")) {
		replace_string(&cfg->password, zend_string_copy(decoded));
	} else if (KEY_IS("prefix")) {
		replace_string(&cfg->prefix, zend_string_copy(decoded));
	} else if (KEY_IS("persistent_id")) {
		replace_string(&cfg->persistent_id, zend_string_copy(decoded));
		cfg->persistent = true;
	} else if (KEY_IS("auto_release") || KEY_IS("persistent") || tls_option_is(key, key_len, tls_bool_options)) {
		bool flag;
		if (zend_string_equals_literal(decoded, "1") || zend_string_equals_literal(decoded, "true")) {
			flag = true;
		} else if (zend_string_equals_literal(decoded, "0") || zend_string_equals_literal(decoded, "false")) {
			flag = false;
		} else {
			zend_argument_value_error(arg_num, "has an invalid DSN: %.*s must be 0 or 1", (int) key_len, key);
			result = FAILURE;
			flag = false;
		}
		if (result == SUCCESS && KEY_IS("auto_release")) {
			cfg->auto_release = flag;
		} else if (result == SUCCESS && KEY_IS("persistent")) {
			cfg->persistent = flag;
		} else if (result == SUCCESS) {
			zval zv;
			ZVAL_BOOL(&zv, flag);
			tls_set(cfg, key, key_len, &zv);
		}
	} else if (tls_option_is(key, key_len, tls_string_options)) {
		zval zv;
		ZVAL_STR_COPY(&zv, decoded);
		tls_set(cfg, key, key_len, &zv);
	} else {
		zend_argument_value_error(arg_num, "has an invalid DSN: unknown option \"%.*s\"", (int) key_len, key);
		result = FAILURE;
	}
#undef KEY_IS
	zend_string_release(decoded);
	return result;
}

static zend_result parse_query(redislock_config *cfg, const char *q, const char *end, uint32_t arg_num)
{
	while (q < end) {
		const char *amp = memchr(q, '&', end - q);
		const char *pair_end = amp ? amp : end;
		const char *eq = memchr(q, '=', pair_end - q);
		if (pair_end > q) {
			if (!eq) {
				zend_argument_value_error(arg_num, "has an invalid DSN: option \"%.*s\" has no value",
					(int) (pair_end - q), q);
				return FAILURE;
			}
			if (apply_query_option(cfg, q, eq - q, eq + 1, pair_end - eq - 1, arg_num) == FAILURE) {
				return FAILURE;
			}
		}
		q = pair_end + 1;
	}
	return SUCCESS;
}

/* unix:///path/to/redis.sock[?db=N&...] */
static zend_result parse_unix_dsn(redislock_config *cfg, const char *p, const char *end, uint32_t arg_num)
{
	const char *query = memchr(p, '?', end - p);
	const char *path_end = query ? query : end;
	if (path_end == p || *p != '/') {
		zend_argument_value_error(arg_num, "has an invalid DSN: unix:// needs an absolute socket path, as in unix:///run/redis.sock");
		return FAILURE;
	}
	cfg->socket = url_decoded(p, path_end - p);
	return query ? parse_query(cfg, query + 1, end, arg_num) : SUCCESS;
}

/* redis://[user:password@]host[:port][/db][?options] */
static zend_result parse_redis_dsn(redislock_config *cfg, const char *p, const char *end, uint32_t arg_num)
{
	const char *query = memchr(p, '?', end - p);
	const char *authority_end, *at, *host, *host_end, *port = NULL;
	const char *slash;

	if (!query) {
		query = end;
	}
	slash = memchr(p, '/', query - p);
	authority_end = slash ? slash : query;

	/* The password may itself contain '@', so the last one ends the userinfo. */
	at = zend_memrchr(p, '@', authority_end - p);
	if (at) {
		const char *colon = memchr(p, ':', at - p);
		if (colon) {
			if (colon > p) {
				cfg->user = url_decoded(p, colon - p);
			}
			cfg->password = url_decoded(colon + 1, at - colon - 1);
		} else {
			cfg->password = url_decoded(p, at - p);
		}
		host = at + 1;
	} else {
		host = p;
	}

	if (host < authority_end && *host == '[') {
		const char *close = memchr(host, ']', authority_end - host);
		if (!close) {
			zend_argument_value_error(arg_num, "has an invalid DSN: unterminated IPv6 address");
			return FAILURE;
		}
		cfg->host = zend_string_init(host + 1, close - host - 1, 0);
		host_end = close + 1;
		if (host_end < authority_end) {
			if (*host_end != ':') {
				zend_argument_value_error(arg_num, "has an invalid DSN: unexpected text after the IPv6 address");
				return FAILURE;
			}
			port = host_end + 1;
		}
	} else {
		const char *colon = memchr(host, ':', authority_end - host);
		host_end = colon ? colon : authority_end;
		cfg->host = url_decoded(host, host_end - host);
		if (colon) {
			port = colon + 1;
		}
	}
	if (ZSTR_LEN(cfg->host) == 0) {
		zend_argument_value_error(arg_num, "has an invalid DSN: the host is missing");
		return FAILURE;
	}
	if (port) {
		if (!parse_long(port, authority_end - port, &cfg->port)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the port must be a number");
			return FAILURE;
		}
		if (check_port(cfg->port, arg_num, "DSN") == FAILURE) {
			return FAILURE;
		}
	}
	if (slash && slash + 1 < query) {
		if (!parse_long(slash + 1, query - slash - 1, &cfg->database)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the database after '/' must be a non-negative integer");
			return FAILURE;
		}
	}
	return query < end ? parse_query(cfg, query + 1, end, arg_num) : SUCCESS;
}

static zend_result parse_dsn(redislock_config *cfg, zend_string *dsn, uint32_t arg_num)
{
	const char *p = ZSTR_VAL(dsn), *end = p + ZSTR_LEN(dsn);

	if (memchr(p, '\0', ZSTR_LEN(dsn))) {
		zend_argument_value_error(arg_num, "must not contain any null bytes");
		return FAILURE;
	}
	if (ZSTR_LEN(dsn) > sizeof("redis://") - 1 && strncasecmp(p, "redis://", sizeof("redis://") - 1) == 0) {
		if (parse_redis_dsn(cfg, p + sizeof("redis://") - 1, end, arg_num) == FAILURE) {
			return FAILURE;
		}
		if (cfg->tls) {
			zend_argument_value_error(arg_num, "has an invalid DSN: TLS options need the rediss:// scheme");
			return FAILURE;
		}
		return SUCCESS;
	}
	if (ZSTR_LEN(dsn) > sizeof("rediss://") - 1 && strncasecmp(p, "rediss://", sizeof("rediss://") - 1) == 0) {
		tls_enable(cfg);
		return parse_redis_dsn(cfg, p + sizeof("rediss://") - 1, end, arg_num);
	}
	if (ZSTR_LEN(dsn) > sizeof("unix://") - 1 && strncasecmp(p, "unix://", sizeof("unix://") - 1) == 0) {
		return parse_unix_dsn(cfg, p + sizeof("unix://") - 1, end, arg_num);
	}
	/* Echo what was given only when it cannot hold a secret: no userinfo, no query. */
	if (memchr(p, '@', ZSTR_LEN(dsn)) || memchr(p, '?', ZSTR_LEN(dsn)) || ZSTR_LEN(dsn) > 200) {
		zend_argument_value_error(arg_num, "must be a DSN of the form redis[s]://[user:password@]host[:port][/db] or unix:///path/redis.sock[?db=N]");
	} else {
		zend_argument_value_error(arg_num, "must be a DSN of the form redis[s]://[user:password@]host[:port][/db] or unix:///path/redis.sock[?db=N], \"%s\" given", p);
	}
	return FAILURE;
}

static const char *option_type_name(zval *value)
{
	return zend_zval_type_name(value);
}

static zend_result option_string(zval *value, zend_string **slot, const char *name, bool nullable, uint32_t arg_num)
{
	if (nullable && Z_TYPE_P(value) == IS_NULL) {
		replace_string(slot, NULL);
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_STRING) {
		zend_argument_type_error(arg_num, "option \"%s\" must be of type %s, %s given",
			name, nullable ? "?string" : "string", option_type_name(value));
		return FAILURE;
	}
	replace_string(slot, zend_string_copy(Z_STR_P(value)));
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

static zend_result option_seconds(zval *value, double *slot, const char *name, uint32_t arg_num)
{
	double seconds;
	if (Z_TYPE_P(value) == IS_LONG) {
		seconds = (double) Z_LVAL_P(value);
	} else if (Z_TYPE_P(value) == IS_DOUBLE) {
		seconds = Z_DVAL_P(value);
	} else {
		zend_argument_type_error(arg_num, "option \"%s\" must be of type float, %s given", name, option_type_name(value));
		return FAILURE;
	}
	if (!isfinite(seconds) || seconds <= 0) {
		zend_argument_value_error(arg_num, "option \"%s\" must be a finite number of seconds greater than 0", name);
		return FAILURE;
	}
	*slot = seconds;
	return SUCCESS;
}

/* "tls" => true, or an array of ssl context options. */
static zend_result parse_tls_option(redislock_config *cfg, zval *value, uint32_t arg_num)
{
	zend_string *key;
	zval *option;

	if (Z_TYPE_P(value) == IS_TRUE) {
		tls_enable(cfg);
		return SUCCESS;
	}
	if (Z_TYPE_P(value) == IS_FALSE) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		zend_argument_type_error(arg_num, "option \"tls\" must be of type array|bool, %s given", option_type_name(value));
		return FAILURE;
	}
	tls_enable(cfg);
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(value), key, option) {
		ZVAL_DEREF(option);
		if (!key) {
			zend_argument_value_error(arg_num, "option \"tls\" must be an array of named ssl options");
			return FAILURE;
		}
		if (tls_option_is(ZSTR_VAL(key), ZSTR_LEN(key), tls_string_options)) {
			if (Z_TYPE_P(option) != IS_STRING) {
				zend_argument_type_error(arg_num, "option \"tls\" entry \"%s\" must be of type string, %s given",
					ZSTR_VAL(key), option_type_name(option));
				return FAILURE;
			}
		} else if (tls_option_is(ZSTR_VAL(key), ZSTR_LEN(key), tls_bool_options)) {
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
		tls_set(cfg, ZSTR_VAL(key), ZSTR_LEN(key), option);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

static zend_result parse_array(redislock_config *cfg, HashTable *options, uint32_t arg_num)
{
	zend_string *key;
	zend_ulong index;
	zval *value;

	cfg->host = zend_string_init("127.0.0.1", sizeof("127.0.0.1") - 1, 0);
	ZEND_HASH_FOREACH_KEY_VAL(options, index, key, value) {
		ZVAL_DEREF(value);
		if (!key) {
			zend_argument_value_error(arg_num, "must be an array of named options, unknown option " ZEND_ULONG_FMT " given", index);
			return FAILURE;
		}
		if (zend_string_equals_literal(key, "host")) {
			if (option_string(value, &cfg->host, "host", false, arg_num) == FAILURE) return FAILURE;
			if (ZSTR_LEN(cfg->host) == 0) {
				zend_argument_value_error(arg_num, "option \"host\" must not be empty");
				return FAILURE;
			}
		} else if (zend_string_equals_literal(key, "port")) {
			if (option_long(value, &cfg->port, "port", arg_num) == FAILURE) return FAILURE;
			if (check_port(cfg->port, arg_num, "option \"port\"") == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "socket")) {
			if (option_string(value, &cfg->socket, "socket", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "user")) {
			if (option_string(value, &cfg->user, "user", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "password")) {
			if (option_string(value, &cfg->password, "password", true, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "database")) {
			if (option_long(value, &cfg->database, "database", arg_num) == FAILURE) return FAILURE;
			if (cfg->database < 0) {
				zend_argument_value_error(arg_num, "option \"database\" must be greater than or equal to 0");
				return FAILURE;
			}
		} else if (zend_string_equals_literal(key, "connect_timeout")) {
			if (option_seconds(value, &cfg->connect_timeout, "connect_timeout", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "read_timeout")) {
			if (option_seconds(value, &cfg->read_timeout, "read_timeout", arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "prefix")) {
			if (option_string(value, &cfg->prefix, "prefix", false, arg_num) == FAILURE) return FAILURE;
		} else if (zend_string_equals_literal(key, "persistent")) {
			if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
				zend_argument_type_error(arg_num, "option \"persistent\" must be of type bool, %s given", option_type_name(value));
				return FAILURE;
			}
			cfg->persistent = Z_TYPE_P(value) == IS_TRUE;
		} else if (zend_string_equals_literal(key, "persistent_id")) {
			if (option_string(value, &cfg->persistent_id, "persistent_id", false, arg_num) == FAILURE) return FAILURE;
			cfg->persistent = true;
		} else if (zend_string_equals_literal(key, "tls")) {
			if (parse_tls_option(cfg, value, arg_num) == FAILURE) return FAILURE;
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
		replace_string(&cfg->host, NULL);
	}
	return SUCCESS;
}

static void build_endpoint(redislock_config *cfg)
{
	if (cfg->socket) {
		cfg->endpoint = zend_strpprintf(0, "unix:%s", ZSTR_VAL(cfg->socket));
	} else if (memchr(ZSTR_VAL(cfg->host), ':', ZSTR_LEN(cfg->host))) {
		cfg->endpoint = zend_strpprintf(0, "[%s]:" ZEND_LONG_FMT, ZSTR_VAL(cfg->host), cfg->port);
	} else {
		cfg->endpoint = zend_strpprintf(0, "%s:" ZEND_LONG_FMT, ZSTR_VAL(cfg->host), cfg->port);
	}
}

zend_result redislock_config_parse(redislock_config *cfg, zend_string *dsn, HashTable *options, uint32_t arg_num)
{
	zend_result result;

	config_defaults(cfg);
	if (options) {
		result = parse_array(cfg, options, arg_num);
	} else if (dsn) {
		result = parse_dsn(cfg, dsn, arg_num);
	} else {
		const char *ini = REDISLOCK_G(default_connection);
		zend_string *ini_dsn = zend_string_init(ini ? ini : "", ini ? strlen(ini) : 0, 0);
		result = parse_dsn(cfg, ini_dsn, arg_num);
		zend_string_release(ini_dsn);
	}
	if (result == SUCCESS && cfg->tls && cfg->socket) {
		zend_argument_value_error(arg_num, "cannot use TLS over a unix socket");
		result = FAILURE;
	}
	if (result == SUCCESS && cfg->user && !cfg->password) {
		zend_argument_value_error(arg_num, "names a user but no password");
		result = FAILURE;
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
	add_assoc_str(array, "endpoint", zend_string_copy(cfg->endpoint));
	add_assoc_long(array, "database", cfg->database);
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
