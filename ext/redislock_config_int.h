/* What the two parsers of connection settings share: the options array's
 * (redislock_config.c) and the DSN grammar's (redislock_config_dsn.c). Private to
 * those two files. */
#ifndef REDISLOCK_CONFIG_INT_H
#define REDISLOCK_CONFIG_INT_H

#include "redislock_config.h"

#define REDISLOCK_DEFAULT_PORT 6379
#define REDISLOCK_SENTINEL_PORT 26379

/* The numeric settings, in the order of redislock_config.c's table. */
enum {
	SETTING_DATABASE, SETTING_MIN_REPLICAS, SETTING_MAX_ATTEMPTS, SETTING_RETRY_BACKOFF,
	SETTING_CONNECT_TIMEOUT, SETTING_READ_TIMEOUT, SETTING_WATCHDOG_LEASE, SETTING_WATCHDOG_MAX_HOLD,
	SETTING_COUNT
};

/* Replaces *slot with value (releasing the old one). */
void redislock_cfg_replace_string(zend_string **slot, zend_string *value);
/* A percent-decoded copy. */
zend_string *redislock_cfg_url_decoded(const char *s, size_t len);
/* A whole decimal integer, no sign tricks, no overflow. */
bool redislock_cfg_parse_long(const char *s, size_t len, zend_long *out);

/* The numeric setting a DSN query key names, or -1. */
int redislock_cfg_dsn_setting_named(const char *key, size_t key_len);
/* Stores setting which from DSN text, or throws the DSN's message for it. */
zend_result redislock_cfg_dsn_setting(redislock_config *cfg, int which, const char *text, size_t len, uint32_t arg_num);
/* Whether text is a value setting which accepts (nothing thrown). */
bool redislock_cfg_setting_parses(int which, const char *text, size_t len);

zend_result redislock_cfg_check_port(zend_long port, uint32_t arg_num, const char *what);
/* "host:port,host:port" seeds of a sentinel:// or redis-cluster:// DSN. */
zend_result redislock_cfg_parse_addr_csv(redislock_config *cfg, const char *p, const char *end, zend_long default_port,
	const char *form, uint32_t arg_num);

/* The TLS options, as PHP's "ssl" stream context names them. */
extern const char *redislock_cfg_tls_string_options[];
extern const char *redislock_cfg_tls_bool_options[];
bool redislock_cfg_tls_option_is(const char *key, size_t key_len, const char **names);
void redislock_cfg_tls_enable(redislock_config *cfg);
void redislock_cfg_tls_set(redislock_config *cfg, const char *key, size_t key_len, zval *value);

/* The DSN grammar (redislock_config_dsn.c): fills cfg from a DSN, or throws a
 * ValueError about argument arg_num that never quotes a secret. */
zend_result redislock_cfg_parse_dsn(redislock_config *cfg, zend_string *dsn, uint32_t arg_num);

#endif
