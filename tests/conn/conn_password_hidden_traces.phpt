--TEST--
RedisLock::__construct(): the $connection argument (which may hold a password) is kept out of exception stack traces
--INI--
zend.exception_ignore_args=0
--FILE--
<?php
/* Only the constructor's own frame holds the argument here. */
foreach (['redis://:Sesame1@127.0.0.1:notaport', ['password' => 'Sesame2', 'port' => 0], ['password' => 'Sesame3', 'bogus' => 1]] as $i => $connection) {
    try {
        new RedisLock($connection);
        echo "#$i accepted\n";
    } catch (ValueError $e) {
        $frame = $e->getTrace()[0];
        echo "#$i ", $frame['class'], '->', $frame['function'], ': ',
            str_contains(print_r($e->getTrace(), true) . $e->getTraceAsString() . $e, 'Sesame') ? 'SHOWS THE PASSWORD' : 'hidden', "\n";
    }
}
?>
--EXPECT--
#0 RedisLock->__construct: hidden
#1 RedisLock->__construct: hidden
#2 RedisLock->__construct: hidden
