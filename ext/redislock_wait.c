/* Waiting without polling: BLPOP on wake-up lists, with a deadline the client keeps. */
#include "redislock_wait.h"

zend_result redislock_blpop(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise)
{
	redislock_argv a;
	redisReply *reply;
	zend_result result;
	double read_for = precise ? seconds + 0.002 : seconds + redislock_conn_config(c)->read_timeout;

	/* BLPOP reads 0 as "forever"; Redis's timer resolution is a millisecond. */
	if (seconds < 0.001) {
		seconds = 0.001;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "BLPOP", 5);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_str(&a, keys[i]);
	}
	redislock_argv_push_double(&a, precise ? seconds + 0.05 : seconds);
	result = redislock_conn_call_timeout(c, &a, read_for, &reply);
	redislock_argv_free(&a);
	if (result == FAILURE) {
		if (precise && redislock_conn_status(c)->kind == REDISLOCK_ERR_TIMEOUT) {
			return SUCCESS;
		}
		return FAILURE;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(c, reply);
		freeReplyObject(reply);
		return FAILURE;
	}
	freeReplyObject(reply);
	return SUCCESS;
}


double redislock_block_time(double remaining, zend_long pttl, bool *until_expiry)
{
	double block = MIN(remaining, REDISLOCK_WAIT_ROUND);
	*until_expiry = false;
	if (pttl >= 0 && (pttl + 1) / 1000.0 < block) {
		block = (pttl + 1) / 1000.0;
		*until_expiry = true;
	}
	return block;
}
