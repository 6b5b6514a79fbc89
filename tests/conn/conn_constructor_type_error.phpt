--TEST--
RedisLock::__construct(): a connection that is neither string, array nor null is rejected with an error naming $connection (no crash)
--FILE--
<?php
/* Under coercive typing a scalar may be read as a DSN string (then it is an
 * invalid DSN: ValueError) or refused outright (TypeError); either is fine. */
foreach ([42, 1.5, true, false] as $value) {
    try {
        new RedisLock($value);
        echo "no error for ", var_export($value, true), "\n";
    } catch (TypeError|ValueError $e) {
        echo var_export($value, true), ': rejected, ',
            str_contains($e->getMessage(), 'RedisLock::__construct(): Argument #1 ($connection)') ? 'names $connection' : $e->getMessage(), "\n";
    }
}
try {
    new RedisLock(new stdClass);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
42: rejected, names $connection
1.5: rejected, names $connection
true: rejected, names $connection
false: rejected, names $connection
RedisLock::__construct(): Argument #1 ($connection) must be of type array|string|null, stdClass given
