/* The DSN grammar: redis://, rediss://, unix://, sentinel:// and redis-cluster://
 * strings, their userinfo, path and query, read into the same settings (and
 * through the same table of numeric settings) as the options array; and the
 * redacted form phpinfo shows. */
#include "redislock_config_int.h"
#include "ext/standard/url.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

/* Whether "key=value" of a DSN query is a number or a flag the parser takes as
 * it is (for phpinfo, which shows those after a password; a string option there
 * may be the rest of a password with an unencoded '&'). */
static bool query_pair_shown(const char *key, size_t key_len, const char *value, size_t value_len)
{
	static const char *flags[] = {"auto_release", "persistent", "watchdog", "verify_peer", "verify_peer_name", NULL};
	int which = redislock_cfg_dsn_setting_named(key, key_len);
	if (which >= 0) {
		return redislock_cfg_setting_parses(which, value, value_len);
	}
	return redislock_cfg_tls_option_is(key, key_len, flags) && ((value_len == 1 && (*value == '0' || *value == '1'))
		|| (value_len == 4 && memcmp(value, "true", 4) == 0) || (value_len == 5 && memcmp(value, "false", 5) == 0));
}

/* One "key=value" of a DSN query string; the same names as the array options. */
static zend_result apply_query_option(redislock_config *cfg, const char *key, size_t key_len,
		const char *value, size_t value_len, uint32_t arg_num)
{
	zend_string *decoded = redislock_cfg_url_decoded(value, value_len);
	zend_result result = SUCCESS;

#define KEY_IS(name) (key_len == sizeof(name) - 1 && memcmp(key, name, key_len) == 0)
	int which = redislock_cfg_dsn_setting_named(key, key_len);
	if (which >= 0) {
		result = redislock_cfg_dsn_setting(cfg, which, ZSTR_VAL(decoded), ZSTR_LEN(decoded), arg_num);
		if (which == SETTING_WATCHDOG_LEASE || which == SETTING_WATCHDOG_MAX_HOLD) {
			cfg->watchdog = result == SUCCESS;
		}
		if (which == SETTING_MAX_ATTEMPTS || which == SETTING_RETRY_BACKOFF) {
			cfg->queue_options = true;
		}
	} else if (KEY_IS("user")) {
		redislock_cfg_replace_string(&cfg->user, zend_string_copy(decoded));
	} else if (KEY_IS("password")) {
		redislock_cfg_replace_string(&cfg->password, zend_string_copy(decoded));
	} else if (KEY_IS("prefix")) {
		redislock_cfg_replace_string(&cfg->prefix, zend_string_copy(decoded));
	} else if (KEY_IS("persistent_id")) {
		redislock_cfg_replace_string(&cfg->persistent_id, zend_string_copy(decoded));
		cfg->persistent = true;
	} else if (KEY_IS("auto_release") || KEY_IS("persistent") || KEY_IS("watchdog") || redislock_cfg_tls_option_is(key, key_len, redislock_cfg_tls_bool_options)) {
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
		} else if (result == SUCCESS && KEY_IS("watchdog")) {
			cfg->watchdog = flag;
		} else if (result == SUCCESS && KEY_IS("persistent")) {
			cfg->persistent = flag;
		} else if (result == SUCCESS) {
			zval zv;
			ZVAL_BOOL(&zv, flag);
			redislock_cfg_tls_set(cfg, key, key_len, &zv);
		}
	} else if (redislock_cfg_tls_option_is(key, key_len, redislock_cfg_tls_string_options)) {
		zval zv;
		ZVAL_STR_COPY(&zv, decoded);
		redislock_cfg_tls_set(cfg, key, key_len, &zv);
	} else {
		zend_argument_value_error(arg_num, "has an invalid DSN: unknown option \"%.*s\"", (int) key_len, key);
		result = FAILURE;
	}
#undef KEY_IS
	zend_string_release(decoded);
	return result;
}

#define QUERY_QUIET_ERROR "has an invalid DSN: an option after the password is unknown, has no value or a bad one " \
	"(not quoted: it may be the rest of a password that holds an unencoded '&', which must be percent-encoded as %26)"

/* The query string q to end. Once a password has been given, in the query or
 * (with an '@' among the options) in a userinfo that holds an unencoded '?', no
 * message names or quotes any later option: a password with an unencoded '&'
 * makes its tail look like options, and a message about them would leak it. */
static zend_result parse_query(redislock_config *cfg, const char *q, const char *end, uint32_t arg_num)
{
	bool quiet = memchr(q, '@', end - q) != NULL;

	while (q < end) {
		const char *amp = memchr(q, '&', end - q);
		const char *pair_end = amp ? amp : end;
		const char *eq = memchr(q, '=', pair_end - q);
		if (pair_end > q) {
			if (!eq || apply_query_option(cfg, q, eq - q, eq + 1, pair_end - eq - 1, arg_num) == FAILURE) {
				if (quiet) {
					zend_clear_exception();
					zend_argument_value_error(arg_num, "%s", QUERY_QUIET_ERROR);
				} else if (!eq) {
					zend_argument_value_error(arg_num, "has an invalid DSN: option \"%.*s\" has no value",
						(int) (pair_end - q), q);
				}
				return FAILURE;
			}
			quiet = quiet || (eq - q == sizeof("password") - 1 && memcmp(q, "password", sizeof("password") - 1) == 0);
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
	cfg->socket = redislock_cfg_url_decoded(p, path_end - p);
	return query ? parse_query(cfg, query + 1, end, arg_num) : SUCCESS;
}

/* "[user:]password@" at the start of a DSN's authority (p to end): sets the user
 * and password, returns where the host part starts. The password may itself
 * contain '@', so the last one ends the userinfo. */
static const char *parse_userinfo(redislock_config *cfg, const char *p, const char *end)
{
	const char *at = zend_memrchr(p, '@', end - p), *colon;
	if (!at) {
		return p;
	}
	colon = memchr(p, ':', at - p);
	if (colon) {
		if (colon > p) {
			cfg->user = redislock_cfg_url_decoded(p, colon - p);
		}
		cfg->password = redislock_cfg_url_decoded(colon + 1, at - colon - 1);
	} else {
		cfg->password = redislock_cfg_url_decoded(p, at - p);
	}
	return at + 1;
}

/* Whether an '@' after the end of the authority belongs to a password with an
 * unencoded '/', '?' or '&' in it: no '=' comes before it, so it is not inside a
 * query value. Parsing on would put the password's tail into an error message. */
static bool unencoded_userinfo(const char *authority_end, const char *end)
{
	const char *at = memchr(authority_end, '@', end - authority_end);
	return at && !memchr(authority_end, '=', at - authority_end);
}

/* redis://[user:password@]host[:port][/db][?options] */
static zend_result parse_redis_dsn(redislock_config *cfg, const char *p, const char *end, uint32_t arg_num)
{
	const char *query = memchr(p, '?', end - p);
	const char *authority_end, *host, *host_end, *port = NULL;
	const char *slash;

	if (!query) {
		query = end;
	}
	slash = memchr(p, '/', query - p);
	authority_end = slash ? slash : query;
	if (unencoded_userinfo(authority_end, end)) {
		zend_argument_value_error(arg_num, "has an invalid DSN: an '@' follows the host part, so the user or password holds "
			"a '/', '?' or '&' that must be percent-encoded (as %%2F, %%3F, %%26)");
		return FAILURE;
	}

	host = parse_userinfo(cfg, p, authority_end);

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
		cfg->host = redislock_cfg_url_decoded(host, host_end - host);
		if (colon) {
			port = colon + 1;
		}
	}
	if (ZSTR_LEN(cfg->host) == 0) {
		zend_argument_value_error(arg_num, "has an invalid DSN: the host is missing");
		return FAILURE;
	}
	if (port) {
		if (!redislock_cfg_parse_long(port, authority_end - port, &cfg->port)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the port must be a number");
			return FAILURE;
		}
		if (redislock_cfg_check_port(cfg->port, arg_num, "DSN") == FAILURE) {
			return FAILURE;
		}
	}
	if (slash && slash + 1 < query) {
		zend_long number;
		if (!redislock_cfg_parse_long(slash + 1, query - slash - 1, &number)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the database after '/' must be a non-negative integer");
			return FAILURE;
		}
		/* The range check of every form: "/N" is "?db=N". */
		if (redislock_cfg_dsn_setting(cfg, SETTING_DATABASE, slash + 1, query - slash - 1, arg_num) == FAILURE) {
			return FAILURE;
		}
	}
	return query < end ? parse_query(cfg, query + 1, end, arg_num) : SUCCESS;
}

/* sentinel://[user:password@]h1:26379,h2:26379/service[?options]
 * redis-cluster://[user:password@]h1:7000,h2:7001[?options]
 * The user and password are those of the data nodes. */
static zend_result parse_multi_dsn(redislock_config *cfg, const char *p, const char *end, bool sentinel, uint32_t arg_num)
{
	const char *form = sentinel ? "sentinel://" : "redis-cluster://";
	const char *query = memchr(p, '?', end - p);
	const char *slash, *hosts;

	if (!query) {
		query = end;
	}
	slash = memchr(p, '/', query - p);
	if (unencoded_userinfo(slash ? slash : query, end)) {
		zend_argument_value_error(arg_num, "has an invalid DSN: an '@' follows the host part, so the user or password holds "
			"a '/', '?' or '&' that must be percent-encoded (as %%2F, %%3F, %%26)");
		return FAILURE;
	}
	hosts = parse_userinfo(cfg, p, slash ? slash : query);
	if (redislock_cfg_parse_addr_csv(cfg, hosts, slash ? slash : query, sentinel ? REDISLOCK_SENTINEL_PORT : REDISLOCK_DEFAULT_PORT,
			form, arg_num) == FAILURE) {
		return FAILURE;
	}
	if (sentinel) {
		if (!slash || slash + 1 >= query) {
			zend_argument_value_error(arg_num, "has an invalid DSN: sentinel:// needs the service name after the addresses, as in sentinel://h1:26379,h2:26379/mymaster");
			return FAILURE;
		}
		cfg->service = redislock_cfg_url_decoded(slash + 1, query - slash - 1);
		cfg->mode = REDISLOCK_MODE_SENTINEL;
	} else {
		if (slash && slash + 1 < query) {
			zend_argument_value_error(arg_num, "has an invalid DSN: a Redis Cluster has only database 0");
			return FAILURE;
		}
		cfg->mode = REDISLOCK_MODE_CLUSTER;
	}
	if (query < end && parse_query(cfg, query + 1, end, arg_num) == FAILURE) {
		return FAILURE;
	}
	if (cfg->tls) {
		zend_argument_value_error(arg_num, "has an invalid DSN: for TLS with %s use the options array and its \"tls\" option", form);
		return FAILURE;
	}
	return SUCCESS;
}

#define DSN_FORMS "redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], " \
	"sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...]"

#define DSN_SCHEME_IS(scheme) \
	(ZSTR_LEN(dsn) > sizeof(scheme) - 1 && strncasecmp(p, scheme, sizeof(scheme) - 1) == 0)

zend_result redislock_cfg_parse_dsn(redislock_config *cfg, zend_string *dsn, uint32_t arg_num)
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
		redislock_cfg_tls_enable(cfg);
		return parse_redis_dsn(cfg, p + sizeof("rediss://") - 1, end, arg_num);
	}
	if (DSN_SCHEME_IS("unix://")) {
		return parse_unix_dsn(cfg, p + sizeof("unix://") - 1, end, arg_num);
	}
	if (DSN_SCHEME_IS("sentinel://")) {
		return parse_multi_dsn(cfg, p + sizeof("sentinel://") - 1, end, true, arg_num);
	}
	if (DSN_SCHEME_IS("redis-cluster://")) {
		return parse_multi_dsn(cfg, p + sizeof("redis-cluster://") - 1, end, false, arg_num);
	}
	/* Echo what was given only when it cannot hold a secret: no userinfo, no query. */
	if (memchr(p, '@', ZSTR_LEN(dsn)) || memchr(p, '?', ZSTR_LEN(dsn)) || ZSTR_LEN(dsn) > 200) {
		zend_argument_value_error(arg_num, "must be a DSN of the form " DSN_FORMS);
	} else {
		zend_argument_value_error(arg_num, "must be a DSN of the form " DSN_FORMS ", \"%s\" given", p);
	}
	return FAILURE;
}

zend_string *redislock_config_redact(const char *dsn)
{
	smart_str out = {0};
	const char *p = dsn, *end = dsn + strlen(dsn), *scheme = strstr(dsn, "://");
	const char *query, *authority_end, *at;
	bool after_password = false;

	if (!scheme) {
		/* Not a DSN the parser takes: shown only when it cannot hold a secret, as
		 * the parser's own message does. */
		if (strpbrk(dsn, "@?&") || strstr(dsn, "password")) {
			return zend_string_init("***", 3, 0);
		}
		return zend_string_init(dsn, end - dsn, 0);
	}
	p = scheme + 3;
	smart_str_appendl(&out, dsn, p - dsn);
	/* The userinfo ends at the last '@' of the whole DSN when the password holds
	 * unencoded characters; redact up to it whatever comes before. */
	at = zend_memrchr(p, '@', end - p);
	query = memchr(p, '?', end - p);
	authority_end = query ? query : end;
	if (at && (at < authority_end || !memchr(authority_end, '=', at - authority_end))) {
		const char *colon = memchr(p, ':', at - p);
		if (colon) {
			smart_str_appendl(&out, p, colon - p);
			smart_str_appends(&out, ":***");
		} else {
			smart_str_appends(&out, "***");
		}
		p = at;
		query = memchr(p, '?', end - p);
	}
	if (!query) {
		smart_str_appendl(&out, p, end - p);
		return smart_str_extract(&out);
	}
	smart_str_appendl(&out, p, query - p);
	for (p = query; p < end;) {
		const char *amp = memchr(p + 1, '&', end - p - 1), *pair_end = amp ? amp : end;
		const char *eq = memchr(p + 1, '=', pair_end - p - 1);
		if ((size_t) (pair_end - p) >= sizeof("?password=") - 1 && memcmp(p + 1, "password=", sizeof("password=") - 1) == 0) {
			smart_str_appendl(&out, p, sizeof("?password=") - 1);
			smart_str_appends(&out, "***");
			after_password = true;
		} else if (after_password && (!eq || !query_pair_shown(p + 1, eq - p - 1, eq + 1, pair_end - eq - 1))) {
			/* Perhaps the rest of a password with an unencoded '&': only what the
			 * parser would take as an option is shown. */
			smart_str_appendc(&out, *p);
			smart_str_appends(&out, "***");
		} else {
			smart_str_appendl(&out, p, pair_end - p);
		}
		p = pair_end;
	}
	return smart_str_extract(&out);
}

