--TEST--
Every public method of RedisLock, RedisSemaphore and RedisQueue on a subclass instance whose constructor was not run throws Error "object is not initialized", never crashes
--DESCRIPTION--
The methods are found by reflection, so a method added later is covered too; each
gets well-typed arguments (a name, a token, a number, a list of names, a callback)
so that it reaches the object check, not an argument error.
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
class UnbuiltLock extends RedisLock { public function __construct() {} }
class UnbuiltSemaphore extends RedisSemaphore { public function __construct() {} }
class UnbuiltQueue extends RedisQueue { public function __construct() {} }

function argument_for(ReflectionParameter $p): mixed
{
    $type = $p->getType();
    $names = $type instanceof ReflectionUnionType ? array_map(fn ($t) => $t->getName(), $type->getTypes()) : [$type?->getName() ?? 'mixed'];
    return match (true) {
        $p->getName() === 'token' => 'abcdef0123456789abcdef0123456789',
        in_array('callable', $names, true) => fn () => 1,
        in_array('string', $names, true) => 'n',
        in_array('int', $names, true) => 1,
        in_array('float', $names, true) => 1.0,
        in_array('array', $names, true) => ['n'],
        in_array('bool', $names, true) => false,
        default => null,
    };
}

$bad = [];
$count = 0;
foreach ([new UnbuiltLock(), new UnbuiltSemaphore(), new UnbuiltQueue()] as $object) {
    foreach ((new ReflectionClass(get_parent_class($object)))->getMethods(ReflectionMethod::IS_PUBLIC) as $m) {
        if ($m->isConstructor() || $m->isStatic()) {
            continue;
        }
        $args = array_map('argument_for', array_slice($m->getParameters(), 0, $m->getNumberOfRequiredParameters()));
        $count++;
        try {
            $m->invokeArgs($object, $args);
            $bad[] = get_parent_class($object) . '::' . $m->getName() . '() returned';
        } catch (Error $e) {
            if (!str_contains($e->getMessage(), 'object is not initialized')) {
                $bad[] = get_parent_class($object) . '::' . $m->getName() . '(): ' . get_class($e) . ': ' . $e->getMessage();
            }
        }
    }
}
echo $count >= 40 ? "methods called: enough\n" : "methods called: $count\n";
echo $bad ? implode("\n", $bad) . "\n" : "every one refused\n";
?>
--EXPECT--
methods called: enough
every one refused
