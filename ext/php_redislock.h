/*
 * redislock: distributed locks and a delayed task queue on Redis.
 * The module entry, for PHP's build system.
 */
#ifndef PHP_REDISLOCK_H
#define PHP_REDISLOCK_H

#include "php.h"

extern zend_module_entry redislock_module_entry;
#define phpext_redislock_ptr &redislock_module_entry

#define PHP_REDISLOCK_VERSION "0.2.0"

#endif
