/* The DSN grammar: a redis://, rediss://, unix://, sentinel:// or redis-cluster://
 * string read into its parts (hosts, credentials, the "/N" path and the query's
 * raw key=value pairs). It knows no settings: what an option means, its type
 * and its bounds are redislock_config.c's, which applies the pairs. */
#ifndef REDISLOCK_CONFIG_DSN_H
#define REDISLOCK_CONFIG_DSN_H

#include "php.h"

#define REDISLOCK_DEFAULT_PORT 6379
#define REDISLOCK_SENTINEL_PORT 26379
#define REDISLOCK_MIN_PORT 1
#define REDISLOCK_MAX_PORT 65535
/* Longer than any DNS name (253), shorter than what a message can quote. */
#define REDISLOCK_MAX_HOST 255
/* More servers than any sane Redlock or seed list; keeps a typo from costing much. */
#define REDISLOCK_MAX_SERVERS 64

typedef struct _redislock_addr {
	zend_string *host;
	zend_long port;
} redislock_addr;

typedef enum {
	REDISLOCK_DSN_REDIS,
	REDISLOCK_DSN_REDISS,
	REDISLOCK_DSN_UNIX,
	REDISLOCK_DSN_SENTINEL,
	REDISLOCK_DSN_CLUSTER
} redislock_dsn_form;

/* One "key=value" of the query, as written: pointers into the DSN, the value
 * not yet percent-decoded. */
typedef struct {
	const char *key;
	size_t key_len;
	const char *value;      /* NULL: the pair has no '=' */
	size_t value_len;
} redislock_dsn_pair;

/* The parts of a DSN. The strings and seeds belong to it until a caller takes
 * them (and sets the field to NULL); redislock_dsn_free() releases the rest. */
typedef struct {
	redislock_dsn_form form;
	const char *scheme;         /* "redis://", ..., as messages name the form */
	zend_string *host;          /* redis[s]:// */
	zend_long port;             /* redis[s]://: REDISLOCK_DEFAULT_PORT unless given */
	zend_string *socket;        /* unix:// */
	zend_string *user;          /* userinfo, percent-decoded */
	zend_string *password;
	redislock_addr *seeds;      /* sentinel://, redis-cluster:// */
	uint32_t seed_count;
	zend_string *service;       /* sentinel:// */
	const char *database;       /* the digits of "/N", or NULL */
	size_t database_len;
	bool query_has_at;          /* an '@' in the query: perhaps the tail of a password */
	redislock_dsn_pair *pairs;
	uint32_t pair_count;
} redislock_dsn;

/* Reads text into dsn, or throws a ValueError about argument arg_num that never
 * quotes a secret (dsn is then freed). */
zend_result redislock_dsn_parse(redislock_dsn *dsn, const zend_string *text, uint32_t arg_num);
void redislock_dsn_free(redislock_dsn *dsn);

/* A percent-decoded copy. */
zend_string *redislock_dsn_decoded(const char *s, size_t len);
/* A whole decimal integer: digits only, at most 18 of them (no sign, no overflow). */
bool redislock_dsn_parse_long(const char *s, size_t len, zend_long *out);
/* "host", "host:port" or "[v6]:port"; false on anything else. */
bool redislock_dsn_parse_addr(const char *s, size_t len, zend_long default_port, redislock_addr *out);

/* Whether a query pair that follows a password is shown by redislock_dsn_redact(). */
typedef bool (*redislock_dsn_pair_shown)(const char *key, size_t key_len, const char *value, size_t value_len);
/* The DSN with its password (userinfo or password= pair) replaced by "***"; after
 * a password, only the pairs shown() accepts are left as they are. */
zend_string *redislock_dsn_redact(const char *dsn, redislock_dsn_pair_shown shown);

#endif
