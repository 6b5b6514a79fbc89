--TEST--
Laravel bridge: RateLimiter keeps Laravel's meanings: a fixed window of decay seconds from the first hit, attempts counted, cleared
--DESCRIPTION--
RedisLock\Bridge\Laravel\RateLimiter: attempt() runs the callback while the key has
fewer than $maxAttempts attempts in its window and returns its result (true for
null), false after; hit() counts and returns the count; tooManyAttempts(),
attempts(), remaining() and retriesLeft() read the window; availableIn() is the
whole seconds until the window that started at the first hit ends; clear() and
resetAttempts() start afresh; the window ends after its decay seconds.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
$limiter = lt_app('limits')->make(Illuminate\Cache\RateLimiter::class);
$key = 'login|' . rl_name();

var_dump($limiter->attempt($key, 2, fn () => 'sent', 2), $limiter->attempt($key, 2, fn () => null, 2));
var_dump($limiter->attempt($key, 2, fn () => 'third', 2));
var_dump($limiter->attempts($key), $limiter->tooManyAttempts($key, 2), $limiter->tooManyAttempts($key, 3));
var_dump($limiter->remaining($key, 5), $limiter->retriesLeft($key, 2));
var_dump(in_array($limiter->availableIn($key), [1, 2], true));

$other = 'other|' . rl_name();
var_dump($limiter->hit($other, 10), $limiter->hit($other, 10), $limiter->attempts($other));
var_dump($limiter->availableIn($other) >= 9, $limiter->availableIn('never|' . rl_name()));
$limiter->clear($other);
var_dump($limiter->attempts($other), $limiter->availableIn($other), $limiter->remaining($other, 2));
$limiter->hit($other, 10);
var_dump($limiter->resetAttempts($other), $limiter->attempts($other));

l4_until(fn () => !$limiter->tooManyAttempts($key, 2), 4.0);
var_dump($limiter->attempts($key), $limiter->attempt($key, 2, fn () => 'next window', 2));
?>
--EXPECT--
string(4) "sent"
bool(true)
bool(false)
int(2)
bool(true)
bool(false)
int(3)
int(0)
bool(true)
int(1)
int(2)
int(2)
bool(true)
int(0)
int(0)
int(0)
int(2)
bool(true)
int(0)
int(0)
string(11) "next window"
