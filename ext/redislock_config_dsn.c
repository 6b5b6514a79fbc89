/* The DSN grammar: redis://, rediss://, unix://, sentinel:// and redis-cluster://
 * strings read into hosts, credentials, the "/N" path and the query's raw pairs;
 * and the redacted form phpinfo shows. No setting is known here: the options a
 * query names are applied by redislock_config.c through its one table. */
#include "redislock_config_dsn.h"
#include "ext/standard/url.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

zend_string *redislock_dsn_decoded(const char *s, size_t len)
{
	zend_string *out = zend_string_init(s, len, 0);
	ZSTR_LEN(out) = php_raw_url_decode(ZSTR_VAL(out), ZSTR_LEN(out));
	return out;
}

/* Parses a whole decimal number; false on anything else, so "12abc" is rejected. */
bool redislock_dsn_parse_long(const char *s, size_t len, zend_long *out)
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

bool redislock_dsn_parse_addr(const char *s, size_t len, zend_long default_port, redislock_addr *out)
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
	if (port && (!redislock_dsn_parse_long(port, end - port, &number) || number < REDISLOCK_MIN_PORT
			|| number > REDISLOCK_MAX_PORT)) {
		return false;
	}
	out->host = zend_string_init(s, host_end - s, 0);
	out->port = number;
	return true;
}

void redislock_dsn_free(redislock_dsn *dsn)
{
	for (uint32_t i = 0; i < dsn->seed_count; i++) {
		zend_string_release(dsn->seeds[i].host);
	}
	if (dsn->seeds) {
		efree(dsn->seeds);
	}
	if (dsn->pairs) {
		efree(dsn->pairs);
	}
	zend_string *strings[] = {dsn->host, dsn->socket, dsn->user, dsn->password, dsn->service};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		if (strings[i]) {
			zend_string_release(strings[i]);
		}
	}
	memset(dsn, 0, sizeof(*dsn));
}

/* The query string q to end, split at '&' into its pairs (empty ones dropped). */
static void parse_query(redislock_dsn *dsn, const char *q, const char *end)
{
	size_t n = 1;
	for (const char *amp = memchr(q, '&', end - q); amp; amp = memchr(amp + 1, '&', end - amp - 1)) {
		n++;
	}
	dsn->query_has_at = memchr(q, '@', end - q) != NULL;
	dsn->pairs = safe_emalloc(n, sizeof(*dsn->pairs), 0);
	while (q < end) {
		const char *amp = memchr(q, '&', end - q);
		const char *pair_end = amp ? amp : end;
		const char *eq = memchr(q, '=', pair_end - q);
		if (pair_end > q) {
			redislock_dsn_pair *pair = &dsn->pairs[dsn->pair_count++];
			pair->key = q;
			pair->key_len = (eq ? eq : pair_end) - q;
			pair->value = eq ? eq + 1 : NULL;
			pair->value_len = eq ? pair_end - eq - 1 : 0;
		}
		q = pair_end + 1;
	}
}

/* unix:///path/to/redis.sock[?db=N&...] */
static zend_result parse_unix_dsn(redislock_dsn *dsn, const char *p, const char *end, uint32_t arg_num)
{
	const char *query = memchr(p, '?', end - p);
	const char *path_end = query ? query : end;
	if (path_end == p || *p != '/') {
		zend_argument_value_error(arg_num, "has an invalid DSN: unix:// needs an absolute socket path, as in unix:///run/redis.sock");
		return FAILURE;
	}
	dsn->socket = redislock_dsn_decoded(p, path_end - p);
	if (query) {
		parse_query(dsn, query + 1, end);
	}
	return SUCCESS;
}

/* "[user:]password@" at the start of a DSN's authority (p to end): sets the user
 * and password, returns where the host part starts. The password may itself
 * contain '@', so the last one ends the userinfo. */
static const char *parse_userinfo(redislock_dsn *dsn, const char *p, const char *end)
{
	const char *at = zend_memrchr(p, '@', end - p), *colon;
	if (!at) {
		return p;
	}
	colon = memchr(p, ':', at - p);
	if (colon) {
		if (colon > p) {
			dsn->user = redislock_dsn_decoded(p, colon - p);
		}
		dsn->password = redislock_dsn_decoded(colon + 1, at - colon - 1);
	} else {
		dsn->password = redislock_dsn_decoded(p, at - p);
	}
	return at + 1;
}

/* Whether an '@' after the end of the authority belongs to a password with an
 * unencoded '/', '?' or '&' in it: no '=' comes before it, so it is not inside a
 * query value. Parsing on would put the password's tail into an error message. */
static bool unencoded_userinfo(const char *authority_end, const char *end, uint32_t arg_num)
{
	const char *at = memchr(authority_end, '@', end - authority_end);
	if (at && !memchr(authority_end, '=', at - authority_end)) {
		zend_argument_value_error(arg_num, "has an invalid DSN: an '@' follows the host part, so the user or password holds "
			"a '/', '?' or '&' that must be percent-encoded (as %%2F, %%3F, %%26)");
		return true;
	}
	return false;
}

/* redis://[user:password@]host[:port][/db][?options] */
static zend_result parse_redis_dsn(redislock_dsn *dsn, const char *p, const char *end, uint32_t arg_num)
{
	const char *query = memchr(p, '?', end - p);
	const char *authority_end, *host, *host_end, *port = NULL;
	const char *slash;

	if (!query) {
		query = end;
	}
	slash = memchr(p, '/', query - p);
	authority_end = slash ? slash : query;
	if (unencoded_userinfo(authority_end, end, arg_num)) {
		return FAILURE;
	}

	host = parse_userinfo(dsn, p, authority_end);

	if (host < authority_end && *host == '[') {
		const char *close = memchr(host, ']', authority_end - host);
		if (!close) {
			zend_argument_value_error(arg_num, "has an invalid DSN: unterminated IPv6 address");
			return FAILURE;
		}
		dsn->host = zend_string_init(host + 1, close - host - 1, 0);
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
		dsn->host = redislock_dsn_decoded(host, host_end - host);
		if (colon) {
			port = colon + 1;
		}
	}
	if (ZSTR_LEN(dsn->host) == 0) {
		zend_argument_value_error(arg_num, "has an invalid DSN: the host is missing");
		return FAILURE;
	}
	if (port) {
		if (!redislock_dsn_parse_long(port, authority_end - port, &dsn->port)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the port must be a number");
			return FAILURE;
		}
		if (dsn->port < REDISLOCK_MIN_PORT || dsn->port > REDISLOCK_MAX_PORT) {
			zend_argument_value_error(arg_num, "has an invalid DSN: port must be between %d and %d",
				REDISLOCK_MIN_PORT, REDISLOCK_MAX_PORT);
			return FAILURE;
		}
	}
	if (slash && slash + 1 < query) {
		zend_long number;
		if (!redislock_dsn_parse_long(slash + 1, query - slash - 1, &number)) {
			zend_argument_value_error(arg_num, "has an invalid DSN: the database after '/' must be a non-negative integer");
			return FAILURE;
		}
		dsn->database = slash + 1;
		dsn->database_len = query - slash - 1;
	}
	if (query < end) {
		parse_query(dsn, query + 1, end);
	}
	return SUCCESS;
}

/* "h1:p1,h2:p2", the seeds of a sentinel:// or redis-cluster:// DSN. */
static zend_result parse_addr_csv(redislock_dsn *dsn, const char *p, const char *end, zend_long default_port,
	uint32_t arg_num)
{
	size_t n = 1;
	for (const char *q = p; q < end; q++) {
		n += *q == ',';
	}
	if (p == end || n > REDISLOCK_MAX_SERVERS) {
		zend_argument_value_error(arg_num, "has an invalid DSN: %s needs between 1 and %d comma-separated host:port addresses",
			dsn->scheme, REDISLOCK_MAX_SERVERS);
		return FAILURE;
	}
	dsn->seeds = safe_emalloc(n, sizeof(*dsn->seeds), 0);
	dsn->seed_count = 0;
	while (p <= end) {
		const char *comma = memchr(p, ',', end - p);
		const char *item_end = comma ? comma : end;
		zend_string *decoded = redislock_dsn_decoded(p, item_end - p);
		bool ok = redislock_dsn_parse_addr(ZSTR_VAL(decoded), ZSTR_LEN(decoded), default_port, &dsn->seeds[dsn->seed_count]);
		zend_string_release(decoded);
		if (!ok) {
			zend_argument_value_error(arg_num, "has an invalid DSN: %s needs comma-separated host:port addresses, an invalid one given",
				dsn->scheme);
			return FAILURE;
		}
		dsn->seed_count++;
		if (!comma) {
			break;
		}
		p = comma + 1;
	}
	return SUCCESS;
}

/* sentinel://[user:password@]h1:26379,h2:26379/service[?options]
 * redis-cluster://[user:password@]h1:7000,h2:7001[?options]
 * The user and password are those of the data nodes. */
static zend_result parse_multi_dsn(redislock_dsn *dsn, const char *p, const char *end, uint32_t arg_num)
{
	bool sentinel = dsn->form == REDISLOCK_DSN_SENTINEL;
	const char *query = memchr(p, '?', end - p);
	const char *slash, *hosts;

	if (!query) {
		query = end;
	}
	slash = memchr(p, '/', query - p);
	if (unencoded_userinfo(slash ? slash : query, end, arg_num)) {
		return FAILURE;
	}
	hosts = parse_userinfo(dsn, p, slash ? slash : query);
	if (parse_addr_csv(dsn, hosts, slash ? slash : query, sentinel ? REDISLOCK_SENTINEL_PORT : REDISLOCK_DEFAULT_PORT,
			arg_num) == FAILURE) {
		return FAILURE;
	}
	if (sentinel) {
		if (!slash || slash + 1 >= query) {
			zend_argument_value_error(arg_num, "has an invalid DSN: sentinel:// needs the service name after the addresses, as in sentinel://h1:26379,h2:26379/mymaster");
			return FAILURE;
		}
		dsn->service = redislock_dsn_decoded(slash + 1, query - slash - 1);
	} else if (slash && slash + 1 < query) {
		zend_argument_value_error(arg_num, "has an invalid DSN: a Redis Cluster has only database 0");
		return FAILURE;
	}
	if (query < end) {
		parse_query(dsn, query + 1, end);
	}
	return SUCCESS;
}

#define DSN_FORMS "redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], " \
	"sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...]"

/* The forms, by scheme; matched without regard to case. */
static const struct {
	const char *scheme;
	redislock_dsn_form form;
	zend_result (*parse)(redislock_dsn *dsn, const char *p, const char *end, uint32_t arg_num);
} forms[] = {
	{.scheme = "redis://", .form = REDISLOCK_DSN_REDIS, .parse = parse_redis_dsn},
	{.scheme = "rediss://", .form = REDISLOCK_DSN_REDISS, .parse = parse_redis_dsn},
	{.scheme = "unix://", .form = REDISLOCK_DSN_UNIX, .parse = parse_unix_dsn},
	{.scheme = "sentinel://", .form = REDISLOCK_DSN_SENTINEL, .parse = parse_multi_dsn},
	{.scheme = "redis-cluster://", .form = REDISLOCK_DSN_CLUSTER, .parse = parse_multi_dsn},
};

zend_result redislock_dsn_parse(redislock_dsn *dsn, const zend_string *text, uint32_t arg_num)
{
	const char *p = ZSTR_VAL(text), *end = p + ZSTR_LEN(text);

	memset(dsn, 0, sizeof(*dsn));
	dsn->port = REDISLOCK_DEFAULT_PORT;
	if (memchr(p, '\0', ZSTR_LEN(text))) {
		zend_argument_value_error(arg_num, "must not contain any null bytes");
		return FAILURE;
	}
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t len = strlen(forms[i].scheme);
		if (ZSTR_LEN(text) > len && strncasecmp(p, forms[i].scheme, len) == 0) {
			dsn->form = forms[i].form;
			dsn->scheme = forms[i].scheme;
			if (forms[i].parse(dsn, p + len, end, arg_num) == FAILURE) {
				redislock_dsn_free(dsn);
				return FAILURE;
			}
			return SUCCESS;
		}
	}
	/* Echo what was given only when it cannot hold a secret: no userinfo, no query. */
	if (memchr(p, '@', ZSTR_LEN(text)) || memchr(p, '?', ZSTR_LEN(text)) || ZSTR_LEN(text) > 200) {
		zend_argument_value_error(arg_num, "must be a DSN of the form " DSN_FORMS);
	} else {
		zend_argument_value_error(arg_num, "must be a DSN of the form " DSN_FORMS ", \"%s\" given", p);
	}
	return FAILURE;
}

zend_string *redislock_dsn_redact(const char *dsn, redislock_dsn_pair_shown shown)
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
		} else if (after_password && (!eq || !shown(p + 1, eq - p - 1, eq + 1, pair_end - eq - 1))) {
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

