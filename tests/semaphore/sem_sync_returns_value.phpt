--TEST--
RedisSemaphore::synchronized(): holds 1 permit while $fn runs, returns exactly what $fn returns (scalars, arrays, objects, null), and releases the permit afterwards
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$sem = sem_new();
$observer = sem_new();
$object = new stdClass;
foreach ([42, 'text', [1, 2], $object, null, false] as $value) {
    $inside = null;
    $got = $sem->synchronized($name, 2, function () use ($value, $observer, $name, &$inside) {
        $inside = $observer->count($name);
        return $value;
    });
    echo json_encode($got), ' identical: ', sem_yes($got === $value), ', 1 permit inside: ', sem_yes($inside === 1, $inside),
        ', released after: ', sem_yes($observer->count($name) === 0), "\n";
}
/* Named arguments and a timeout and expire. */
var_dump($sem->synchronized(name: $name, limit: 1, fn: fn () => 'named', timeout: 1, expire: 5));
var_dump($observer->count($name));
?>
--EXPECT--
42 identical: yes, 1 permit inside: yes, released after: yes
"text" identical: yes, 1 permit inside: yes, released after: yes
[1,2] identical: yes, 1 permit inside: yes, released after: yes
{} identical: yes, 1 permit inside: yes, released after: yes
null identical: yes, 1 permit inside: yes, released after: yes
false identical: yes, 1 permit inside: yes, released after: yes
string(5) "named"
int(0)
