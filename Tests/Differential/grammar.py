"""The grammar of the differential test: seeded programs written the way apps use Implicits.

Each entry point is a group of declarations of its own (types, named keys, helpers, a
service type, a model with stored implicits) in a file of its own, so that a diagnostic
belongs to the entry point of its file and a disagreement prints one self-contained source.

The programs follow the analyzer's structural rules (scopes ended by `defer` or `withScope`,
declarations only in a local scope, a scope parameter named `scope` or passed on), have no
data-dependent branches, and run every escaping closure and every kept task after the entry
point returned, when all its scopes have ended: one run decides whether a read finds a value.

What the runtime does by design and the analyzer models conservatively by design is not
generated: a `Task {}` in a synchronous function runs only where no task is current (from a
synchronous entry point), since there the runtime gives it nothing, as the analyzer assumes.
Work that runs after its scope ended never nests on that scope (that is a different misuse,
which stops the program with its own message).
"""

import random

FLAG = "DIFF_FLAG"


class Key:
    def __init__(self, kind, name, value_type, has_default=False):
        self.kind = kind  # "type" or "named"
        self.name = name  # the type name, or the named key's name
        self.value_type = value_type
        self.has_default = has_default

    def read(self, var):
        if self.kind == "type":
            return [f"@Implicit var {var}: {self.name}", f"use({var})"]
        return [f"@Implicit(\\.{self.name}) var {var}: {self.value_type}", f"use({var})"]

    def value(self, rng):
        if self.kind == "type":
            return f"{self.name}(n: {rng.randint(1, 9)})"
        return str(rng.randint(1, 9))

    def declare(self, var, rng):
        if self.kind == "named":
            return [rng.choice([
                f"@Implicit(\\.{self.name}) var {var} = {self.value(rng)}",
                f"@Implicit(\\.{self.name}) var {var}: Int = {self.value(rng)}",
                f"@Implicit(\\.{self.name}, .lazy) var {var} = {self.value(rng)}",
            ])]
        form = rng.randrange(6)
        if form == 0:
            return [f"@Implicit var {var} = {self.value(rng)}"]
        if form == 1:
            return [f"@Implicit var {var}: {self.name} = {self.value(rng)}"]
        if form == 2:
            return [f"@Implicit({self.name}.self) var {var} = {self.value(rng)}"]
        if form == 3:
            return [f"@Implicit(.lazy) var {var} = {self.value(rng)}"]
        if form == 4:
            # A static factory with a written return type (README's `Database.open()`).
            return [f"@Implicit(.lazy) var {var} = {self.name}.make()"]
        # A name whose type is written where it is declared.
        return [f"let made{var}: {self.name} = {self.value(rng)}", f"@Implicit var {var} = made{var}"]


class Helper:
    """A function taking a scope: free, a method of the group's service, or a static one."""

    def __init__(self, group, index, is_async):
        self.group = group
        self.index = index
        self.is_async = is_async
        self.kind = group.rng.choice(["func", "func", "method", "static"])
        self.extra = group.rng.random() < 0.3  # a leading ordinary parameter
        self.body = []
        self.passes = []
        # Whether running it may nest on the scope it was given (which must then be open).
        self.nests = False
        # Whether it creates a `Task {}` from synchronous code (never run inside a task).
        self.spawns_task = False

    @property
    def name(self):
        # Some groups' services name their methods alike (`s2`), as different types of an
        # app do (`load`, `refresh`): only the receiver tells them apart.
        prefix = "" if self.group.shared_method_names else self.group.p
        return f"{prefix}{'a' if self.is_async else 's'}{self.index}"

    @property
    def function_name(self):
        return f"{self.group.p}{'A' if self.is_async else 'S'}{self.index}"

    def declaration(self):
        params = ("_ id: Int, " if self.extra else "") + "_ scope: ImplicitScope"
        effects = " async -> Int" if self.is_async else ""
        static = "static " if self.kind == "static" else ""
        name = self.name if self.kind != "func" else self.function_name
        lines = [f"{static}func {name}({params}){effects} {{"]
        lines += ["  " + line for line in self.body]
        if self.is_async:
            lines.append("  return 0")
        lines.append("}")
        return lines

    def call(self, scope, context, rng):
        """The call expression from code in `context` ("free", "instance", "static")."""
        args = (f"{self.index}, " if self.extra else "") + scope
        service = self.group.service
        if self.kind == "func":
            callee = self.function_name
        elif self.kind == "static":
            if context == "static":
                callee = rng.choice([self.name, f"{service}.{self.name}"])
            elif context == "instance":
                callee = rng.choice([f"Self.{self.name}", f"{service}.{self.name}"])
            else:
                callee = f"{service}.{self.name}"
        else:
            if context == "instance":
                callee = rng.choice([self.name, f"self.{self.name}", f"{service}().{self.name}"])
            else:
                callee = f"{service}().{self.name}"
        text = f"{callee}({args})"
        return f"await {text}" if self.is_async else text


class Body:
    """Writes the statements of one function body, tracking what it may still do."""

    def __init__(self, group, is_async, context, callees, can_declare_at_top, in_task):
        self.group = group
        self.rng = group.rng
        self.is_async = is_async
        self.context = context
        self.callees = callees  # helpers this body may call
        self.can_declare_at_top = can_declare_at_top
        self.in_task = in_task  # whether this code always runs inside a task
        self.counter = 0
        self.nests_on = set()  # scope names this body nests on
        self.passes = []  # (helper, scope name, whether under an #if)
        self.conditional = 0  # depth of #if clauses around what is written now
        self.spawns_task = False

    def fresh(self, stem):
        self.counter += 1
        return f"{stem}{self.counter}"

    # What may be called where.

    def sync_callees(self, in_task, after_scope_ends=False):
        return [h for h in self.callees if not h.is_async
                and not (in_task and h.spawns_task) and not (after_scope_ends and h.nests)]

    def async_callees(self, after_scope_ends=False):
        return [h for h in self.callees if h.is_async and not (after_scope_ends and h.nests)]

    def invoke(self, helper, scope, ended=False):
        """The call of `helper` with `scope`, recorded (`ended`: the scope has ended when it runs)."""
        self.passes.append((helper, "<ended>" if ended else scope, self.conditional > 0))
        return helper.call(scope, self.context, self.rng)

    def call_line(self, helper, scope):
        text = self.invoke(helper, scope)
        return ("use(" + text + ")") if helper.is_async else text

    # Statements.

    def statements(self, scope, count, depth, can_declare):
        lines = []
        for _ in range(count):
            lines += self.statement(scope, depth, can_declare)
        return lines

    def statement(self, scope, depth, can_declare):
        rng = self.rng
        # Weights: work that runs after its scope ended without a bag stops the program
        # whenever it reads anything, so it is rarer than the rest.
        weights = {"read": 3, "call": 4, "model": 1, "inplace": 1, "escaping": 0.3, "bag": 1.5, "inplacebag": 0.7, "wrapper": 0.8,
                   "ownroot": 0.4, "ifconfig": 1.5, "localfunc": 0.8}
        if can_declare:
            weights["declare"] = 2
            weights["alternatives"] = 0.6
        if depth < 2:
            weights["nested"] = 2
        if not self.can_declare_at_top and depth == 0:
            # A root scope in a function that receives one: it sits on what its callers
            # provide, as at run time (README, Scopes).
            weights["helperroot"] = 0.4
        if self.is_async:
            weights.update(asynclet=1, group=1, taskawaited=1, taskkept=1, detached=0.6)
        elif not self.in_task and self.group.spawning_allowed:
            weights["synctask"] = 0.6
        kind = rng.choices(list(weights), list(weights.values()))[0]
        return getattr(self, "_" + kind)(scope, depth, can_declare)

    def _read(self, scope, depth, can_declare):
        return rng_key(self.rng, self.group).read(self.fresh("v"))

    def _declare(self, scope, depth, can_declare):
        return rng_key(self.rng, self.group, declarable=True).declare(self.fresh("d"), self.rng)

    def _call(self, scope, depth, can_declare):
        options = self.sync_callees(self.in_task) + (self.async_callees() if self.is_async else [])
        if not options:
            return self._read(scope, depth, can_declare)
        return [self.call_line(self.rng.choice(options), scope)]

    def _model(self, scope, depth, can_declare):
        if not self.group.model_keys:
            return self._call(scope, depth, can_declare)
        var = self.fresh("m")
        return [f"let {var} = {self.group.model}({scope})", f"use({var})"]

    def _inplace(self, scope, depth, can_declare):
        options = self.sync_callees(self.in_task)
        if not options:
            return self._read(scope, depth, can_declare)
        call = self.call_line(self.rng.choice(options), scope)
        return [self.rng.choice([f"twice {{ {call} }}", f"[1, 2].forEach {{ _ in {call} }}"])]

    def _escaping(self, scope, depth, can_declare):
        # Runs after the entry point returned: on the main thread, outside any task.
        options = self.sync_callees(False, after_scope_ends=True)
        if not options:
            return self._read(scope, depth, can_declare)
        return [f"later {{ {self.invoke(self.rng.choice(options), scope, ended=True)} }}"]

    def _bag(self, scope, depth, can_declare):
        options = self.sync_callees(False)
        if not options:
            return self._read(scope, depth, can_declare)
        restored = self.fresh("restored")
        call = self.invoke(self.rng.choice(options), restored)
        inner = []
        if self.rng.random() < 0.3:
            inner = rng_key(self.rng, self.group, declarable=True).declare(self.fresh("d"), self.rng)
        if self.rng.random() < 0.5:
            return (["later { [bag = Implicits.captureAll()] in",
                     f"  let {restored} = ImplicitScope(with: bag)",
                     f"  defer {{ {restored}.end() }}"]
                    + ["  " + line for line in inner] + [f"  {call}", "}"])
        bag = self.fresh("bag")
        return ([f"let {bag} = Implicits.captureAll()",
                 f"later {{",
                 f"  withScope(with: {bag}) {{ {restored} in"]
                + ["    " + line for line in inner] + [f"    {call}", "  }", "}"])

    def _inplacebag(self, scope, depth, can_declare):
        # A bag restored right away: only what it captured is visible under it, not what
        # was declared after the capture.
        options = self.sync_callees(self.in_task)
        if not options:
            return self._read(scope, depth, can_declare)
        bag = self.fresh("bag")
        restored = self.fresh("restored")
        lines = [f"let {bag} = Implicits.captureAll()"]
        if can_declare and self.rng.random() < 0.7:
            lines += rng_key(self.rng, self.group, declarable=True).declare(self.fresh("d"), self.rng)
        call = self.invoke(self.rng.choice(options), restored)
        if self.rng.random() < 0.5:
            return lines + [f"withScope(with: {bag}) {{ {restored} in {call} }}"]
        return lines + ["do {", f"  let {restored} = ImplicitScope(with: {bag})", f"  defer {{ {restored}.end() }}",
                        f"  {call}", "}"]

    def _wrapper(self, scope, depth, can_declare):
        # A named closure wrapper (yandex/implicits' `with<Name>Implicits`, generated into
        # the support file): captures what its closure needs here, runs later.
        options = self.sync_callees(False)
        if not options:
            return self._read(scope, depth, can_declare)
        self.group.wrappers += 1
        name = f"with{self.group.p.upper()}W{self.group.wrappers}Implicits"
        restored = self.fresh("restored")
        helper = self.rng.choice(options)
        call = self.invoke(helper, restored)
        if self.rng.random() < 0.5:
            return [f"later({name} {{ {restored} in {call} }})"]
        callback = self.fresh("onSelect")
        return [f"let {callback} = {name} {{ (row: Int, {restored}) in",
                "  use(row)", f"  {call}", "}", f"later {{ {callback}(7) }}"]

    def _localfunc(self, scope, depth, can_declare):
        # A local function without a scope parameter: it reads what is visible where it
        # is called, whether it names the scope (a call) or only reads. Kept by `later`,
        # it runs after the entry point returned, like an escaping closure.
        escaping = self.rng.random() < 0.2
        name = self.fresh("local")
        body = []
        for _ in range(self.rng.randint(1, 2)):
            options = self.sync_callees(False if escaping else self.in_task, after_scope_ends=escaping)
            if options and self.rng.random() < 0.5:
                body.append(self.invoke(self.rng.choice(options), scope, ended=escaping))
            else:
                body += rng_key(self.rng, self.group).read(self.fresh("v"))
        lines = [f"func {name}() {{"] + ["  " + line for line in body] + ["}"]
        if not escaping and self.rng.random() < 0.3:
            # Called above its declaration, as Swift allows (a helper at the bottom).
            return [f"{name}()"] + lines
        return lines + [f"later {{ {name}() }}" if escaping else f"{name}()"]

    def _ownroot(self, scope, depth, can_declare):
        options = self.sync_callees(False)
        if not options:
            return self._read(scope, depth, can_declare)
        root = self.fresh("root")
        call = self.invoke(self.rng.choice(options), root)
        inner = []
        for key in self.group.keys:
            if not key.has_default and self.rng.random() < 0.8:
                inner += key.declare(self.fresh("d"), self.rng)
        # A root scope, or the empty bag (an operation isolated from everything visible).
        opened = self.rng.choice(["ImplicitScope()", "ImplicitScope(with: Implicits())"])
        return (["later {", f"  let {root} = {opened}", f"  defer {{ {root}.end() }}"]
                + ["  " + line for line in inner] + [f"  {call}", "}"])

    def _helperroot(self, scope, depth, can_declare):
        root = self.fresh("root")
        body = []
        if self.rng.random() < 0.5:
            body += rng_key(self.rng, self.group, declarable=True).declare(self.fresh("d"), self.rng)
        body += self.statements(root, self.rng.randint(1, 2), depth + 1, True)
        if self.rng.random() < 0.5:
            return ["do {", f"  let {root} = ImplicitScope()", f"  defer {{ {root}.end() }}"] \
                + ["  " + line for line in body] + ["}"]
        awaited = "await " if self.is_async else ""
        return [f"{awaited}withScope {{ {root} in"] + ["  " + line for line in body] + ["}"]

    def _ifconfig(self, scope, depth, can_declare):
        simple = ["read", "call"] + (["declare", "declare"] if can_declare else [])
        def clause():
            self.conditional += 1
            lines = getattr(self, "_" + self.rng.choice(simple))(scope, depth, can_declare)
            self.conditional -= 1
            return lines
        form = self.rng.randrange(3)
        if form == 0:
            return [f"#if {FLAG}"] + clause() + ["#else"] + clause() + ["#endif"]
        if form == 1:
            return [f"#if !{FLAG}"] + clause() + ["#endif"]
        return [f"#if {FLAG}"] + clause() + ["#endif"]

    def _alternatives(self, scope, depth, can_declare):
        # A statement that always runs one of its blocks, each declaring the same key (in
        # spellings of its own): declared after it on every path. Which block runs is
        # decided at run time (`taken()`, `pick()`, `mayThrow()`), out of the analyzer's
        # sight; the blocks do nothing else, so the outcome does not depend on it.
        key = rng_key(self.rng, self.group, declarable=True)
        def block():
            return ["  " + line for line in key.declare(self.fresh("d"), self.rng)]
        form = self.rng.randrange(4)
        if form == 0:
            return ["if taken() {"] + block() + ["} else {"] + block() + ["}"]
        if form == 1:
            return ["if taken() {"] + block() + ["} else if taken() {"] + block() + ["} else {"] + block() + ["}"]
        if form == 2:
            return ["switch pick() {", "case 0:"] + block() + ["case 1:"] + block() + ["default:"] + block() + ["}"]
        return ["do {", "  try mayThrow()"] + block() + ["} catch {"] + block() + ["}"]

    def _nested(self, scope, depth, can_declare):
        inner = self.fresh("inner")
        self.nests_on.add(scope)
        body = []
        for _ in range(self.rng.randint(1, 2)):
            body += rng_key(self.rng, self.group, declarable=True).declare(self.fresh("d"), self.rng)
        body += self.statements(inner, self.rng.randint(1, 3), depth + 1, True)
        if self.rng.random() < 0.5:
            return ["do {", f"  let {inner} = {scope}.nested()", f"  defer {{ {inner}.end() }}"] \
                + ["  " + line for line in body] + ["}"]
        awaited = "await " if self.is_async else ""
        return [f"{awaited}withScope(nesting: {scope}) {{ {inner} in"] + ["  " + line for line in body] + ["}"]

    # Child tasks (async bodies only).

    def _async_call(self, scope, after_scope_ends=False):
        options = self.async_callees(after_scope_ends)
        if not options:
            return None
        return self.invoke(self.rng.choice(options), scope, ended=after_scope_ends)

    def _asynclet(self, scope, depth, can_declare):
        call = self._async_call(scope)
        if call is None:
            return self._read(scope, depth, can_declare)
        var = self.fresh("r")
        return [f"async let {var} = {call.removeprefix('await ')}", f"use(await {var})"]

    def _group(self, scope, depth, can_declare):
        calls = [self._async_call(scope) for _ in range(self.rng.randint(1, 2))]
        if None in calls:
            return self._read(scope, depth, can_declare)
        form = self.rng.randrange(3)
        adds = [f"  group.addTask {{ _ = {call} }}" for call in calls]
        if form == 0:
            return ["await withTaskGroup(of: Void.self) { group in"] + adds + ["}"]
        if form == 1:
            return ["await withDiscardingTaskGroup { group in"] + adds + ["}"]
        return (["_ = try? await withThrowingTaskGroup(of: Void.self) { group in"]
                + [line.replace("addTask", "addTaskUnlessCancelled") for line in adds]
                + ["  try await group.waitForAll()", "}"])

    def _taskawaited(self, scope, depth, can_declare):
        call = self._async_call(scope)
        if call is None:
            return self._read(scope, depth, can_declare)
        var = self.fresh("t")
        return [f"let {var} = Task {{ {call} }}", f"use(await {var}.value)"]

    def _taskkept(self, scope, depth, can_declare):
        # Copies what is visible now; may run after the scope ended.
        call = self._async_call(scope, after_scope_ends=True)
        if call is None:
            return self._read(scope, depth, can_declare)
        return [f"keep(Task {{ _ = {call} }})"]

    def _detached(self, scope, depth, can_declare):
        return self._unowned_task("Task.detached", scope, depth, can_declare)

    def _synctask(self, scope, depth, can_declare):
        # A `Task {}` created by synchronous code outside any task: it is given nothing.
        self.spawns_task = True
        return self._unowned_task("Task", scope, depth, can_declare)

    def _unowned_task(self, task, scope, depth, can_declare):
        """A kept task that inherits nothing: without a bag, or with one captured here."""
        if self.rng.random() < 0.4:
            call = self._async_call(scope, after_scope_ends=True)
            if call is None:
                return self._read(scope, depth, can_declare)
            return [f"keep({task} {{ _ = {call} }})"]
        restored = self.fresh("restored")
        call = self._async_call(restored)
        if call is None:
            return self._read(scope, depth, can_declare)
        return [f"keep({task} {{ [bag = Implicits.captureAll()] in",
                f"  await withScope(with: bag) {{ {restored} in _ = {call} }}", "})"]


def rng_key(rng, group, declarable=False):
    keys = [k for k in group.keys if not (declarable and k.has_default and rng.random() < 0.7)]
    return rng.choice(keys or group.keys)


class Group:
    """One entry point and everything it calls."""

    def __init__(self, seed, index):
        self.rng = random.Random(f"{seed}/{index}")
        rng = self.rng
        self.index = index
        self.p = f"e{index}"
        t = f"E{index}"
        self.is_async = rng.random() < 0.45
        self.service = f"{t}Service"
        self.model = f"{t}Model"
        self.spawning_allowed = not self.is_async
        self.shared_method_names = rng.random() < 0.2
        self.wrappers = 0
        names = rng.sample(["Wallet", "Cart", "Session", "Logger", "Network", "Store"], rng.randint(2, 3))
        self.keys = [Key("type", f"{t}{name}", None) for name in names]
        self.keys += [Key("named", f"{self.p}{name}", "Int")
                      for name in rng.sample(["Discount", "Limit", "Region"], rng.randint(1, 2))]
        if rng.random() < 0.4:
            self.keys.append(Key("type", f"{t}Clock", None, has_default=True))
        if rng.random() < 0.4:
            self.keys.append(Key("named", f"{self.p}Retries", "Int", has_default=True))
        self.model_keys = rng.sample(self.keys, rng.randint(0, 2))
        self.helpers = []
        count = rng.randint(2, 5)
        async_count = rng.randint(1, 2) if self.is_async or rng.random() < 0.5 else 0
        # Callees first: a helper calls only helpers generated before it (no recursion).
        for index in range(count + async_count):
            is_async = index >= count
            helper = Helper(self, index, is_async)
            self.fill(helper)
            self.helpers.append(helper)
        self.entry = self.entry_body()

    def reached(self, passes):
        """The helpers that run, in every configuration, from calls `passes`."""
        seen = set()
        pending = [h for h, _, conditional in passes if not conditional]
        while pending:
            helper = pending.pop()
            if helper.index not in seen:
                seen.add(helper.index)
                pending += [h for h, _, conditional in helper.passes if not conditional]
        return seen

    def call_the_rest(self, body, scope):
        """Calls of every helper nothing calls yet: the runtime judges only code that runs,
        and the analyzer checks every function."""
        lines = []
        for helper in reversed(self.helpers):
            if helper.index in self.reached(body.passes):
                continue
            if not helper.is_async:
                lines.append(body.call_line(helper, scope))
            elif self.is_async:
                lines.append(body.call_line(helper, scope))
            else:
                restored = body.fresh("restored")
                call = body.invoke(helper, restored)
                lines += ["keep(Task { [bag = Implicits.captureAll()] in",
                          f"  await withScope(with: bag) {{ {restored} in _ = {call} }}", "})"]
        return lines

    def fill(self, helper):
        context = {"func": "free", "method": "instance", "static": "static"}[helper.kind]
        # In a synchronous group, async helpers run only inside tasks.
        in_task = helper.is_async or self.is_async
        body = Body(self, helper.is_async, context, list(self.helpers), False, in_task)
        lines = body.statements("scope", self.rng.randint(1, 3), 0, False)
        helper.body = lines
        helper.passes = body.passes
        helper.nests = "scope" in body.nests_on or any(h.nests for h, s, _ in body.passes if s == "scope")
        helper.spawns_task = body.spawns_task or any(h.spawns_task for h, _, _ in body.passes)

    def entry_body(self):
        rng = self.rng
        body = Body(self, self.is_async, "free", self.helpers, True, self.is_async)
        awaited = "await " if self.is_async else ""

        def scoped(scope):
            lines = []
            # Half of the entry points declare every key first; the others leave some out
            # or declare them late, after a call or a capture that needs them.
            complete = rng.random() < 0.5
            declared = [k for k in self.keys if not k.has_default and (complete or rng.random() < 0.8)]
            statements = [body.statement(scope, 0, True) for _ in range(rng.randint(2, 5))]
            if callbacks:
                for _ in range(rng.randint(1, 2)):
                    statements.insert(rng.randint(0, len(statements)), [self.keep_callback(body)])
            for key in reversed(declared):
                position = 0 if complete else rng.randint(0, len(statements) // 2 + 1)
                statements.insert(position, key.declare(body.fresh("d"), rng))
            for statement in statements:
                lines += statement
            return lines + self.call_the_rest(body, scope)

        form = rng.randrange(4)
        # Callbacks that take a scope, kept and run at the end of this (one) scope: they read
        # what is visible where they run, not where they were made (issue 18 item 8, 5).
        callbacks = form <= 2 and rng.random() < 0.35
        if callbacks:
            inner = scoped

            def scoped(scope):
                lines = inner(scope)
                return lines + [f"{self.callbacks}.run({scope})"]
        if form <= 1:
            return ["let scope = ImplicitScope()", "defer { scope.end() }"] + scoped("scope")
        if form == 2:
            return [f"{awaited}withScope {{ scope in"] + ["  " + l for l in scoped("scope")] + ["}"]
        # Several scopes, one after another.
        lines = []
        for _ in range(2):
            lines += ["do {", "  let scope = ImplicitScope()", "  defer { scope.end() }"]
            lines += ["  " + l for l in scoped("scope")] + ["}"]
        return lines

    @property
    def callbacks(self):
        return f"E{self.index}Callbacks"

    def keep_callback(self, body):
        """`E1Callbacks.keep { (s: ImplicitScope) in … }`: a callback made where nothing needs
        to be visible; it reads or calls with the scope it is run with."""
        options = body.sync_callees(body.in_task)
        if options and self.rng.random() < 0.6:
            work = body.invoke(self.rng.choice(options), "s")
        else:
            work = "; ".join(rng_key(self.rng, self).read(body.fresh("c")))
        return f"{self.callbacks}.keep {{ (s: ImplicitScope) in {work} }}"

    def source(self):
        t = f"E{self.index}"
        out = [f"// Entry point {self.p} ({'async' if self.is_async else 'sync'}).", "import Implicits", ""]
        for key in self.keys:
            if key.kind == "type":
                out.append(f"struct {key.name} {{")
                out.append("  let n: Int")
                out.append(f"  static func make() -> {key.name} {{ {key.name}(n: 0) }}")
                out.append("}")
                if key.has_default:
                    out.append(f"extension {key.name}: DefaultImplicit {{")
                    out.append(f"  static var defaultImplicit: {key.name} {{ {key.name}(n: 0) }}")
                    out.append("}")
        out.append("extension ImplicitsKeys {")
        for key in self.keys:
            if key.kind == "named":
                default = "default: 3" if key.has_default else ""
                out.append(f"  static let {key.name} = Key<Int>({default})")
        out.append("}")
        out.append("")
        out.append(f"final class {self.model} {{")
        for number, key in enumerate(self.model_keys):
            spelled = f"@Implicit var k{number}: {key.name}" if key.kind == "type" \
                else f"@Implicit(\\.{key.name}) var k{number}: Int"
            out.append(f"  {spelled}")
        out.append("  init(_ scope: ImplicitScope) {}")
        out.append("}")
        out.append("")
        out.append(f"struct {self.service} {{")
        for helper in self.helpers:
            if helper.kind != "func":
                out += ["  " + line for line in helper.declaration()]
        out.append("}")
        for helper in self.helpers:
            if helper.kind == "func":
                out.append("")
                out += helper.declaration()
        out.append("")
        # Kept callbacks, called through a parameter of their own alias.
        out.append(f"typealias {t}Callback = (ImplicitScope) -> Void")
        out.append(f"enum {self.callbacks} {{")
        out.append(f"  static var kept: [{t}Callback] = []")
        out.append(f"  static func keep(_ callback: @escaping {t}Callback) {{ kept.append(callback) }}")
        out.append("  static func run(_ scope: ImplicitScope) { for callback in kept { call(callback, scope) } }")
        out.append(f"  static func call(_ callback: {t}Callback?, _ scope: ImplicitScope) {{ callback?(scope) }}")
        out.append("}")
        out.append("")
        out.append(f"func {self.p}(){' async' if self.is_async else ''} {{")
        out += ["  " + line for line in self.entry]
        out.append("}")
        return "\n".join(out) + "\n"


PRELUDE = """\
// The differential test's harness inside the generated program.
import Foundation
import Implicits

/// Work an entry point leaves behind, run after it returned, when every scope it opened
/// has ended: escaping closures on the main thread, outside any task, then kept tasks.
final class Later: @unchecked Sendable {
  static let shared = Later()
  private let lock = NSLock()
  private var closures: [() -> Void] = []
  private var tasks: [Task<Void, Never>] = []

  func add(_ work: @escaping () -> Void) { lock.lock(); closures.append(work); lock.unlock() }
  func add(_ task: Task<Void, Never>) { lock.lock(); tasks.append(task); lock.unlock() }

  var hasWork: Bool { lock.lock(); defer { lock.unlock() }; return !closures.isEmpty || !tasks.isEmpty }

  func runClosures() {
    while true {
      lock.lock(); let work = closures; closures = []; lock.unlock()
      if work.isEmpty { return }
      for closure in work { closure() }
    }
  }

  private func takeTasks() -> [Task<Void, Never>] {
    lock.lock(); defer { lock.unlock() }
    let pending = tasks
    tasks = []
    return pending
  }

  func awaitTasks() async {
    while true {
      let pending = takeTasks()
      if pending.isEmpty { return }
      for task in pending { await task.value }
    }
  }
}

func later(_ work: @escaping () -> Void) { Later.shared.add(work) }
func keep(_ task: Task<Void, Never>) { Later.shared.add(task) }
func twice(_ body: () -> Void) { body(); body() }
@inline(never) func use<T>(_ value: T) { _ = value }
// Decided at run time, where the analyzer does not look.
@inline(never) func taken() -> Bool { Later.shared.hasWork || true }
@inline(never) func pick() -> Int { taken() ? 1 : 0 }
struct Interrupted: Error {}
@inline(never) func mayThrow() throws { if !taken() { throw Interrupted() } }

enum Entry {
  case sync(() -> Void)
  case async(() async -> Void)
}
"""


def main_source(groups):
    lines = ["// Runs the entry point named by the first argument, then what it left behind.",
             "import Dispatch", "import Foundation", "", "let entries: [String: Entry] = ["]
    for group in groups:
        lines.append(f"  \"{group.p}\": .{'async' if group.is_async else 'sync'}({group.p}),")
    lines += ["]", "",
              "guard CommandLine.arguments.count == 2, let entry = entries[CommandLine.arguments[1]] else {",
              "  FileHandle.standardError.write(Data(\"usage: <program> <entry point>\\n\".utf8))",
              "  exit(2)",
              "}",
              "let done = DispatchSemaphore(value: 0)",
              "switch entry {",
              "case .sync(let run):",
              "  run()",
              "case .async(let run):",
              "  Task.detached { await run(); done.signal() }",
              "  done.wait()",
              "}",
              "while Later.shared.hasWork {",
              "  Later.shared.runClosures()",
              "  Task.detached { await Later.shared.awaitTasks(); done.signal() }",
              "  done.wait()",
              "}",
              "print(\"ok\")", ""]
    return "\n".join(lines)
