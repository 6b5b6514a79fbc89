/* The module's per-process state: INI settings and the tables of connections.
 * Defined by the module (redislock.c); declared here, low in the layers, because
 * the configuration and connection layers read it. */
#ifndef REDISLOCK_GLOBALS_H
#define REDISLOCK_GLOBALS_H

#include "php.h"

struct _redislock_conn;

ZEND_BEGIN_MODULE_GLOBALS(redislock)
	char *default_connection;
	double connect_timeout;
	double read_timeout;
	/* Every connection of this request, so RSHUTDOWN can release what fatal errors
	 * kept from their destructors and close the sockets. */
	struct _redislock_conn *live_conns;
	/* Persistent links of this process, by persistent id; they outlive requests
	 * and are closed when the module shuts down. */
	HashTable links;
ZEND_END_MODULE_GLOBALS(redislock)

ZEND_EXTERN_MODULE_GLOBALS(redislock)
#define REDISLOCK_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(redislock, v)

#if defined(ZTS) && defined(COMPILE_DL_REDISLOCK)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif
