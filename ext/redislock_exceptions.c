/* The exception hierarchy: one base class that callers catch, and one subclass per
 * kind of failure, so a caller can retry on a timeout but not on a bad password.
 * The classes themselves are declared in redislock.stub.php and registered by the
 * module; this file raises them. */
#include "php_redislock.h"
#include "redislock_exceptions.h"
#include "zend_exceptions.h"

zend_class_entry *redislock_ce_exception;
zend_class_entry *redislock_ce_connection_exception;
zend_class_entry *redislock_ce_timeout_exception;
zend_class_entry *redislock_ce_server_exception;

void redislock_throw(zend_class_entry *ce, const char *format, ...)
{
	va_list args;
	char *message;

	va_start(args, format);
	zend_vspprintf(&message, 0, format, args);
	va_end(args);
	zend_throw_exception(ce, message, 0);
	efree(message);
}
