/* Connection settings, parsed once from a DSN string or an options array. */
#ifndef REDISLOCK_CONFIG_H
#define REDISLOCK_CONFIG_H

#include "php.h"

typedef struct _redislock_config {
	zend_string *host;          /* NULL when connecting to a unix socket */
	zend_long port;
	zend_string *socket;        /* NULL for TCP */
	zend_string *user;          /* NULL: AUTH with the password alone */
	zend_string *password;      /* NULL: no AUTH */
	zend_long database;
	double connect_timeout;     /* seconds */
	double read_timeout;        /* seconds */
	zend_string *prefix;        /* NULL: the class's own default */
	bool auto_release;
	HashTable *tls;             /* NULL: plain TCP; else PHP "ssl" context options */
	bool persistent;            /* reuse the connection across requests */
	zend_string *persistent_id; /* NULL, or a name that separates pools */
	zend_string *endpoint;      /* "host:port" or "unix:path", for messages */
} redislock_config;

/* Fills cfg from a DSN string, an options array, or, when both are NULL, the INI
 * default. On bad input throws a ValueError or TypeError about argument arg_num. */
zend_result redislock_config_parse(redislock_config *cfg, zend_string *dsn, HashTable *options, uint32_t arg_num);
void redislock_config_free(redislock_config *cfg);

/* Adds the settings a developer may see (never the password) to an array. */
void redislock_config_describe(const redislock_config *cfg, zval *array);

#endif
