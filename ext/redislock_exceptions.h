/* The exception hierarchy and the helpers that raise it. */
#ifndef REDISLOCK_EXCEPTIONS_H
#define REDISLOCK_EXCEPTIONS_H

#include "php.h"

extern zend_class_entry *redislock_ce_exception;
extern zend_class_entry *redislock_ce_connection_exception;
extern zend_class_entry *redislock_ce_timeout_exception;
extern zend_class_entry *redislock_ce_server_exception;

void redislock_throw(zend_class_entry *ce, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

#endif
