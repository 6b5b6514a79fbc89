/*
 * redislock: distributed locks and a delayed task queue on Redis.
 * Declarations shared by every source file of the extension.
 */
#ifndef PHP_REDISLOCK_H
#define PHP_REDISLOCK_H

#include "php.h"

extern zend_module_entry redislock_module_entry;
#define phpext_redislock_ptr &redislock_module_entry

#define PHP_REDISLOCK_VERSION "0.1.0"

struct _redislock_conn;

ZEND_BEGIN_MODULE_GLOBALS(redislock)
	char *default_connection;
	double connect_timeout;
	double read_timeout;
	/* Every connection opened in this request, so RSHUTDOWN can release locks
	 * and close sockets while PHP's resource list still holds the streams. */
	struct _redislock_conn *live_conns;
	/* Persistent links of this process, by persistent id; they outlive requests. */
	HashTable links;
ZEND_END_MODULE_GLOBALS(redislock)

ZEND_EXTERN_MODULE_GLOBALS(redislock)
#define REDISLOCK_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(redislock, v)

#if defined(ZTS) && defined(COMPILE_DL_REDISLOCK)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

/* Monotonic clock in seconds. */
double redislock_now(void);

/* Longest lifetime, wait or delay accepted, in seconds: well inside what PX,
 * scores and timeouts can hold. */
#define REDISLOCK_MAX_SECONDS 1e9

/* Argument checks shared by the classes; each throws a ValueError naming the
 * argument and returns false. */
bool redislock_check_name(const zend_string *name, uint32_t arg_num);
bool redislock_check_seconds(double value, uint32_t arg_num, bool zero_allowed);

/* Per-class setup of object handlers, called by MINIT after registration. */
void redislock_lock_startup(zend_class_entry *ce);
void redislock_queue_startup(zend_class_entry *ce);
void redislock_commands_startup(void);

#endif
