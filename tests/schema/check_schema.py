#!/usr/bin/env python3
"""Keeps scenarios/schema.json (the JSON Schema of encounter files) in step with
the encounter-file reader, which stays the authority: the ruleset-neutral
frame (lib/src/encounter_reader.cpp) and each ruleset's members
(lib/src/rules/<name>/).

Usage: check_schema.py COMMAND --source ROOT [--arena BINARY]

  validate  The schema is a valid draft-07 schema that follows the house rules
            (title and description on every property, no unknown keys anywhere,
            defaults and examples valid); every scenarios/*.json and
            tests/schema/valid/*.json validates; every tests/schema/invalid/*.json
            does not.
  keys      Each object of the schema lists exactly the keys the reader accepts
            (the k<Name>Keys arrays of the reader's sources; an object that
            several rulesets share has the union of their keys).
  values    Enums (rules, sizes, targets, damage types), limits and defaults
            match the C++ sources.
  examples  `arena validate` accepts scenarios/*.json and tests/schema/valid/*.json
            and rejects tests/schema/invalid/*.json, where the schema rejects
            them too, at the same place. Needs --arena.
  dice      The dice patterns of the schema accept exactly what arena's dice
            parser accepts, over a corpus of expressions. Needs --arena.

Standard library and jsonschema only (Debian: python3-jsonschema).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import jsonschema
except ImportError:
    print("check_schema.py: the Python module jsonschema is missing; install the Debian "
          "package python3-jsonschema (apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(1)

DRAFT_07 = "http://json-schema.org/draft-07/schema#"

# Which schema object each key list of the reader describes: (source file, array
# name) -> JSON pointer of the object's schema within schema.json, or a tuple
# of them for a list that several objects have (the abilities, of 5e and of
# knave). Several lists of one pointer add up: the top level and factions have
# the neutral keys of encounter_reader.cpp plus those each ruleset owns.
KEY_LISTS = {
    ("lib/src/encounter_reader.cpp", "kEncounterKeys"): "",
    ("lib/src/encounter_reader.cpp", "kFactionKeys"): "/definitions/faction",
    ("lib/src/rules/dnd5e/run.cpp", "kEncounterKeys"): "",
    ("lib/src/rules/dnd5e/run.cpp", "kFactionKeys"): "/definitions/faction",
    ("lib/src/rules/dnd5e/field_reader.cpp", "kFieldKeys"): "/definitions/battlefield",
    ("lib/src/rules/dnd5e/field_reader.cpp", "kStartKeys"): "/definitions/battlefield/properties/start",
    ("lib/src/rules/dnd5e/field_reader.cpp", "kSpeedKeys"): "/definitions/member/properties/speed/oneOf/1",
    ("lib/src/rules/dnd5e/member_reader.cpp", "kMemberKeys"): "/definitions/member",
    ("lib/src/rules/dnd5e/member_reader.cpp", "kAttackKeys"): "/definitions/attack",
    ("lib/src/rules/dnd5e/member_reader.cpp", "kMemberTacticsKeys"): "/definitions/member_tactics",
    ("lib/src/rules/common/readers.cpp", "kTacticsKeys"): "/definitions/tactics",
    ("lib/src/rules/common/abilities.hpp", "kAbilityKeys"): ("/definitions/abilities",
                                                             "/definitions/knave_abilities"),
    ("lib/src/rules/oldschool/run.cpp", "kEncounterKeys"): "",
    ("lib/src/rules/oldschool/run.cpp", "kFactionKeys"): "/definitions/faction",
    ("lib/src/rules/oldschool/reader.cpp", "kMemberKeys"): "/definitions/oldschool_member",
    ("lib/src/rules/warmachine/run.cpp", "kEncounterKeys"): "",
    ("lib/src/rules/warmachine/reader.cpp", "kMemberKeys"): "/definitions/warmachine_member",
    ("lib/src/rules/warmachine/reader.cpp", "kRangedKeys"): "/definitions/warmachine_ranged",
    ("lib/src/rules/warmachine/reader.cpp", "kMeleeKeys"): "/definitions/warmachine_melee",
    ("lib/src/rules/knave/run.cpp", "kEncounterKeys"): "",
    ("lib/src/rules/knave/run.cpp", "kFactionKeys"): "/definitions/faction",
    ("lib/src/rules/knave/reader.cpp", "kMemberKeys"): "/definitions/knave_member",
    ("lib/src/rules/knave/save_reader.cpp", "kSaveKeys"): "/definitions/knave_save_ability",
}
# Files in which every k<Name>Keys array must be mapped above.
KEY_LIST_FILES = ["lib/src/encounter_reader.cpp", "lib/src/rules/common/readers.cpp",
                  "lib/src/rules/dnd5e/member_reader.cpp", "lib/src/rules/dnd5e/run.cpp",
                  "lib/src/rules/dnd5e/field_reader.cpp",
                  "lib/src/rules/oldschool/reader.cpp", "lib/src/rules/oldschool/run.cpp",
                  "lib/src/rules/warmachine/reader.cpp", "lib/src/rules/warmachine/run.cpp",
                  "lib/src/rules/knave/reader.cpp", "lib/src/rules/knave/run.cpp",
                  "lib/src/rules/knave/save_reader.cpp"]
# Where each ruleset's registry entry is, for the rules enum.
RULESET_FILES = ["lib/src/rules/dnd5e/run.cpp", "lib/src/rules/oldschool/run.cpp",
                 "lib/src/rules/warmachine/run.cpp", "lib/src/rules/knave/run.cpp"]


class Failures:
    """Collects failures so that one run reports all of them."""

    def __init__(self):
        self.messages = []

    def add(self, message):
        self.messages.append(message)
        print("FAIL: " + message)

    def finish(self, what):
        if self.messages:
            print(f"\n{len(self.messages)} problem(s): {what}")
            return 1
        print(f"OK: {what}")
        return 0


# --- C++ source scraping -----------------------------------------------------

def strip_comments(text):
    """C++ text without // and /* */ comments, string and char literals kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            out.append(" ")
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_source(root, relative):
    path = Path(root) / relative
    try:
        return strip_comments(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SystemExit(f"check_schema.py: cannot read {path}: {error}")


STRING_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def string_arrays(text):
    """{name: [strings]} for every `NAME[] = {"a", "b"};` or `NAME = {"a", "b"};`
    (std::array, nested braces, any line breaks) in C++ text."""
    arrays = {}
    pattern = re.compile(r"\b(k\w+)\s*(?:\[[^\]]*\])?\s*=\s*\{(.*?)\}\s*;", re.DOTALL)
    for match in pattern.finditer(text):
        body = match.group(2)
        strings = STRING_LITERAL.findall(body)
        # Only arrays of string literals: skip anything else that looks alike.
        if strings and not re.sub(STRING_LITERAL, "", body).strip(" \t\r\n,{}"):
            arrays[match.group(1)] = [bytes(s, "utf-8").decode("unicode_escape") for s in strings]
    return arrays


def integer_constant(text, name):
    """The value of `NAME = 1'000'000;` (digit separators, optional sign), or None."""
    match = re.search(r"\b" + re.escape(name) + r"\s*=\s*(-?[0-9][0-9']*)\s*;", text)
    return int(match.group(1).replace("'", "")) if match else None


def struct_body(text, name):
    match = re.search(r"\bstruct\s+" + re.escape(name) + r"\s*\{", text)
    if not match:
        return None
    depth, i = 1, match.end()
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[match.end():i - 1]


# --- Schema helpers ----------------------------------------------------------

def load_json(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def resolve_pointer(document, pointer):
    node = document
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def json_pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def walk(node, pointer=""):
    """Yields (pointer, subschema) for every schema object in the schema."""
    if not isinstance(node, dict):
        return
    yield pointer, node
    for key in ("properties", "definitions"):
        for name, child in node.get(key, {}).items():
            yield from walk(child, f"{pointer}/{key}/{name}")
    for key in ("items", "not", "if", "then", "else", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield from walk(node[key], f"{pointer}/{key}")
    for key in ("allOf", "anyOf", "oneOf"):
        for i, child in enumerate(node.get(key, [])):
            yield from walk(child, f"{pointer}/{key}/{i}")


def property_names(schema, pointer):
    """The keys an object of the schema at `pointer` may have."""
    return set(resolve_pointer(schema, pointer).get("properties", {}))


def enum_at(schema, pointer):
    node = resolve_pointer(schema, pointer)
    return node.get("enum")


def validator_for(schema, subschema=None):
    """A draft-07 validator for `subschema` (default: the whole schema), with the
    schema's definitions in reach of its "$ref"s."""
    if subschema is None:
        return jsonschema.Draft7Validator(schema)
    combined = dict(subschema)
    combined["definitions"] = schema.get("definitions", {})
    return jsonschema.Draft7Validator(combined)


def schema_errors(validator, document):
    return sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])


def describe(error):
    message = error.message if len(error.message) < 300 else error.message[:300] + "..."
    return f"{json_pointer(error.absolute_path) or '/'}: {message}"


def encounter_files(directory, skip=("schema.json",)):
    directory = Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.json") if p.name not in skip)


# --- validate ----------------------------------------------------------------

DOCUMENTED = re.compile(r"^(?:/definitions/[^/]+)?(?:/properties/[^/]+)*$")


def lint_schema(schema, failures):
    """House rules: draft-07, titles and descriptions, closed objects, valid
    defaults, examples and patterns."""
    if schema.get("$schema") != DRAFT_07:
        failures.add(f'schema: "$schema" must be "{DRAFT_07}", found {schema.get("$schema")!r}')
    try:
        jsonschema.Draft7Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        failures.add(f"schema: not a valid draft-07 schema: {describe(error)}")
        return
    for pointer, node in walk(schema):
        where = pointer or "/"
        # A key of an encounter file, or a definition (not a branch of if/then or oneOf).
        documented = DOCUMENTED.match(pointer) is not None
        if documented:
            for key in ("title", "description"):
                if not isinstance(node.get(key), str) or not node[key].strip():
                    failures.add(f"schema {where}: needs a {key}")
        if documented and "properties" in node and node.get("additionalProperties") is not False:
            failures.add(f"schema {where}: an object schema needs \"additionalProperties\": false "
                         "(the reader rejects unknown keys)")
        if "$ref" in node and len(set(node) - {"$ref"}) > 0:
            failures.add(f"schema {where}: draft-07 ignores keywords beside \"$ref\"; "
                         "wrap it as \"allOf\": [{\"$ref\": ...}]")
        if "pattern" in node:
            try:
                re.compile(node["pattern"])
            except re.error as error:
                failures.add(f"schema {where}: bad pattern: {error}")
        samples = []
        if "default" in node:
            samples.append(("default", node["default"]))
        samples += [(f"examples[{i}]", v) for i, v in enumerate(node.get("examples", []))]
        if samples:
            validator = validator_for(schema, node)
            for label, value in samples:
                for error in validator.iter_errors(value):
                    failures.add(f"schema {where}: {label} {json.dumps(value)} does not validate: "
                                 f"{describe(error)}")
                    break


def command_validate(args):
    failures = Failures()
    schema = load_json(args.schema)
    lint_schema(schema, failures)
    if failures.messages:
        return failures.finish("the schema is broken; nothing validated against it")
    validator = validator_for(schema)

    scenarios = encounter_files(args.scenarios)
    if not scenarios:
        print(f"note: no scenarios in {args.scenarios} yet")
    for kind, files in (("shipped scenario", scenarios),
                        ("valid example", encounter_files(args.valid))):
        for path in files:
            errors = schema_errors(validator, load_json(path))
            if errors:
                for error in errors:
                    failures.add(f"{path}: {describe(error)}")
            else:
                print(f"ok: {kind} {path.name} validates")
    invalid = encounter_files(args.invalid)
    if not invalid:
        failures.add(f"no invalid examples in {args.invalid}")
    for path in invalid:
        errors = schema_errors(validator, load_json(path))
        if errors:
            print(f"ok: invalid example {path.name} is rejected: {describe(errors[0])}")
        else:
            failures.add(f"{path}: the schema accepts it, but it is an invalid example "
                         f"({load_json(path).get('description', 'no description')})")
    return failures.finish("schema valid; scenarios and examples validate as expected")


# --- keys --------------------------------------------------------------------

def command_keys(args):
    failures = Failures()
    schema = load_json(args.schema)
    found = {}
    for relative in sorted({file for file, _ in KEY_LISTS} | set(KEY_LIST_FILES)):
        for name, keys in string_arrays(read_source(args.source, relative)).items():
            if name.endswith("Keys"):
                found[(relative, name)] = keys
    for (relative, name) in sorted(found):
        if (relative, name) not in KEY_LISTS and relative in KEY_LIST_FILES:
            failures.add(f"{relative}: new key list {name} {found[(relative, name)]}: add it to "
                         "the schema and map it in KEY_LISTS in tests/schema/check_schema.py")
    by_pointer = {}
    for (relative, name), pointers in KEY_LISTS.items():
        if (relative, name) not in found:
            failures.add(f"{relative}: key list {name} not found (renamed or moved?); update "
                         "KEY_LISTS in tests/schema/check_schema.py")
            continue
        parser_keys = found[(relative, name)]
        duplicates = sorted({k for k in parser_keys if parser_keys.count(k) > 1})
        if duplicates:
            failures.add(f"{relative}: {name} lists {duplicates} more than once")
        for pointer in pointers if isinstance(pointers, tuple) else (pointers,):
            by_pointer.setdefault(pointer, []).append((f"{relative} {name}", parser_keys))
    for pointer, lists in by_pointer.items():
        where = f"schema object {pointer or '/'}"
        sources = "; ".join(source for source, _ in lists)
        parser_keys = set(k for _, keys in lists for k in keys)
        try:
            schema_keys = property_names(schema, pointer)
        except (KeyError, TypeError):
            failures.add(f"{where} (for {sources}) does not exist in the schema")
            continue
        missing = sorted(parser_keys - schema_keys)
        extra = sorted(schema_keys - parser_keys)
        if missing:
            failures.add(f"{where} lacks keys the reader accepts ({sources}): " + ", ".join(missing))
        if extra:
            failures.add(f"{where} has keys the reader rejects ({sources}): " + ", ".join(extra))
        if not missing and not extra:
            print(f"ok: {sources} = {where}: {len(parser_keys)} keys")
    return failures.finish("the schema's keys match the reader's")


# --- values ------------------------------------------------------------------

def command_values(args):
    failures = Failures()
    schema = load_json(args.schema)
    scenario_cpp = read_source(args.source, "lib/src/rules/dnd5e/member_reader.cpp")
    encounter_hpp = read_source(args.source, "lib/include/arena/encounter.hpp")
    readers_hpp = read_source(args.source, "lib/src/rules/common/readers.hpp")
    arrays = string_arrays(scenario_cpp)
    tactics_names = string_arrays(read_source(args.source, "lib/src/rules/common/tactics.cpp")).get("kNames")
    damage_names = string_arrays(read_source(args.source, "lib/src/damage_type.cpp")).get("kNames")

    def same_list(what, pointer, expected, source):
        if expected is None:
            failures.add(f"{source}: could not find the list of {what}; update check_schema.py")
            return
        actual = enum_at(schema, pointer)
        if actual != list(expected):
            failures.add(f"schema {pointer} enum of {what} is {actual}, {source} has "
                         f"{list(expected)} (same names, same order)")
        else:
            print(f"ok: {what}: {', '.join(expected)}")

    same_list("sizes", "/definitions/member/properties/size", arrays.get("kSizes"),
              "lib/src/rules/dnd5e/member_reader.cpp kSizes")
    same_list("target policies", "/definitions/tactics/properties/target", tactics_names,
              "lib/src/rules/common/tactics.cpp kNames")
    tactics_arrays = string_arrays(read_source(args.source, "lib/src/rules/common/tactics.cpp"))
    same_list("tie policies", "/definitions/tactics/properties/ties", tactics_arrays.get("kTieNames"),
              "lib/src/rules/common/tactics.cpp kTieNames")
    same_list("downed policies", "/definitions/tactics/properties/downed",
              tactics_arrays.get("kDownedNames"), "lib/src/rules/common/tactics.cpp kDownedNames")
    damage_types = [n for n in damage_names if n != "untyped"] if damage_names else None
    same_list("damage types", "/definitions/damage_type", damage_types,
              "lib/src/damage_type.cpp kNames")
    if damage_types:
        pattern = resolve_pointer(schema, "/definitions/damage_dice")["pattern"]
        groups = [g.split("|") for g in re.findall(r"\(\?:([a-z]+(?:\|[a-z]+)+)\)", pattern)]
        if not groups or any(sorted(g) != sorted(damage_types) for g in groups):
            failures.add(f"schema /definitions/damage_dice pattern: its damage type alternatives "
                         f"{groups} differ from {damage_types}")
        else:
            print(f"ok: the damage dice pattern names the {len(damage_types)} damage types")

    # Rules: exactly the rulesets of the registry (each one's `.name = "..."` in its hooks()).
    rules = []
    for relative in RULESET_FILES:
        rules += re.findall(r'\.name\s*=\s*"([^"]+)"', read_source(args.source, relative))
    schema_rules = enum_at(schema, "/properties/rules") or []
    if len(rules) != len(RULESET_FILES):
        failures.add(f"{RULESET_FILES}: could not find every ruleset's .name in hooks(); update check_schema.py")
    elif sorted(schema_rules) != sorted(rules) or "5e" not in schema_rules:
        failures.add(f"schema /properties/rules enum {schema_rules} must be the rulesets of the registry {rules}")
    else:
        print(f"ok: rules {schema_rules}")

    # Limits: (source text, constant, schema pointer, keyword, sign).
    limits = [
        (encounter_hpp, "kMaxBattles", "/properties/battles", "maximum", 1),
        (encounter_hpp, "kMaxRounds", "/properties/max_rounds", "maximum", 1),
        (encounter_hpp, "kMaxFactions", "/properties/factions", "maxItems", 1),
        (encounter_hpp, "kMaxCount", "/definitions/member/properties/count", "maximum", 1),
        (readers_hpp, "kMaxHp", "/definitions/member/properties/hp/oneOf/0", "maximum", 1),
        (scenario_cpp, "kMaxAc", "/definitions/member/properties/ac", "maximum", 1),
        (scenario_cpp, "kMaxBonus", "/definitions/member/properties/initiative", "maximum", 1),
        (scenario_cpp, "kMaxBonus", "/definitions/member/properties/initiative", "minimum", -1),
        (scenario_cpp, "kMaxBonus", "/definitions/attack/properties/to_hit", "maximum", 1),
        (scenario_cpp, "kMaxBonus", "/definitions/attack/properties/to_hit", "minimum", -1),
    ]
    for text, constant, pointer, keyword, sign in limits:
        value = integer_constant(text, constant)
        if value is None:
            failures.add(f"could not find the constant {constant}; update check_schema.py")
            continue
        actual = resolve_pointer(schema, pointer).get(keyword)
        if actual != sign * value:
            failures.add(f"schema {pointer} {keyword} is {actual}, the reader's is {sign * value} "
                         f"({'-' if sign < 0 else ''}{constant})")
        else:
            print(f"ok: {pointer} {keyword} {actual} = {'-' if sign < 0 else ''}{constant}")

    # Defaults of the top-level settings: struct Encounter's initial values.
    body = struct_body(encounter_hpp, "Encounter")
    for key in ("battles", "seed", "max_rounds"):
        value = integer_constant(body or "", key)
        actual = resolve_pointer(schema, f"/properties/{key}").get("default")
        if value is None:
            failures.add(f"lib/include/arena/encounter.hpp: no default for {key} in struct Encounter")
        elif actual != value:
            failures.add(f"schema /properties/{key} default is {actual}, struct Encounter's {value}")
        else:
            print(f"ok: {key} default {value}")
    return failures.finish("the schema's enums, limits and defaults match the sources")


# --- examples (through arena validate) ---------------------------------------

ERROR_POINTER = re.compile(r":\d+:\d+: (/\S*): ")


def run_arena(arena, *arguments):
    result = subprocess.run([arena, *arguments], capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout + result.stderr


def command_examples(args):
    failures = Failures()
    if not args.arena:
        raise SystemExit("check_schema.py examples: needs --arena")
    schema = load_json(args.schema)
    validator = validator_for(schema)
    accepted = encounter_files(args.scenarios) + encounter_files(args.valid)
    for path in accepted:
        rc, output = run_arena(args.arena, "validate", str(path))
        if rc != 0:
            failures.add(f"{path}: arena validate exits {rc}, expected 0:\n{output.strip()}")
        else:
            print(f"ok: arena validate accepts {path.name}")
    for path in encounter_files(args.invalid):
        rc, output = run_arena(args.arena, "validate", str(path))
        pointers = ERROR_POINTER.findall(output)
        if rc == 0 or not pointers:
            failures.add(f"{path}: arena validate exits {rc} without an error, but it is an "
                         f"invalid example:\n{output.strip()}")
            continue
        errors = schema_errors(validator, load_json(path))
        schema_pointers = [json_pointer(e.absolute_path) for e in errors]
        # The schema must reject the file where arena does: at the same place,
        # or at an enclosing object (unknown keys, missing keys, one of several forms).
        if not any(p == s or p.startswith(s + "/") or s == "" for p in pointers
                   for s in schema_pointers):
            failures.add(f"{path}: arena rejects it at {pointers}, the schema at "
                         f"{schema_pointers or 'nowhere'}")
        else:
            print(f"ok: {path.name}: rejected by arena ({pointers[0]}) and by the schema")
    return failures.finish("arena agrees with the schema on the example files")


# --- dice (through arena roll and arena validate) ----------------------------

# Expressions on which the schema's patterns and arena's parser must agree.
# Numeric limits (dice count >= 1, at most 1000 dice, 10000 sides, 16 terms,
# keep <= count) are left to arena and stay out of this list.
DAMAGE_CORPUS = [
    "1d8+3 slashing", "2d6 fire", "1d8+3 slashing + 2d6 fire", "1d8+3 slashing, 2d6 fire",
    "1d8+3 slashing,2d6 fire", "1d6+2", "7", "d20", "2d20kh1", "4d6kl3", "4D6KH3", "1d6 - 1 piercing",
    "-1d4+5 cold", "1d6fire", "  1d6 fire  ", "1d4 acid+1d4 poison", "3 fire", "1d6 + d4 fire",
    "1d6 + 1d4 cold", "1d6\tfire", "1d10 force + 1d6 radiant + 1d4 necrotic", "2d6-1d4",
    "", " ", "fire", "1d6 fyre", "1d6, 1d4 fire", "1d6 fire +", "1d6 fire 1d4 cold", "2d", "d",
    "1d6+", "1d6 fire - 1d4 cold", "2d6k3", "2d6kh", "1d6 fire,", "1d6++2", "1d6 fire + 2",
    "1d6 fire + cold", "1d6 firecold", "x", "1.5", "1d6 fire;", "+1d6", "1d6 fire fire",
    "1d6 d4 fire", "1d6 + fire",
]
# Hit point dice: no damage type. arena validate reports "bad dice expression"
# exactly for those the pattern rejects (dice that can roll below 1 are
# rejected for another reason, which this corpus avoids).
HP_CORPUS = [
    "2d8+2", "7", "d20", "4d6kh3", "2d8 + 2", "10 - 1d4", "3d6kl2+1", "1D8+1", " 2d8+2 ",
    "2d8+2 piercing", "2d8, 1", "fire", "", "2d8+", "x", "2d8 2", "2d8+2 hp", "12.5",
]


def command_dice(args):
    failures = Failures()
    if not args.arena:
        raise SystemExit("check_schema.py dice: needs --arena")
    schema = load_json(args.schema)
    damage = re.compile(resolve_pointer(schema, "/definitions/damage_dice")["pattern"])
    hp = re.compile(resolve_pointer(schema, "/definitions/hit_point_dice")["pattern"])

    for expression in DAMAGE_CORPUS:
        schema_ok = damage.search(expression) is not None
        rc, output = run_arena(args.arena, "roll", "--seed", "1", "--", expression)
        if rc not in (0, 2) or (rc == 2 and "bad dice expression" not in output):
            failures.add(f"arena roll {expression!r}: unexpected exit {rc}: {output.strip()}")
            continue
        if schema_ok != (rc == 0):
            failures.add(f"damage {expression!r}: the schema {'accepts' if schema_ok else 'rejects'}"
                         f" it, arena {'accepts' if rc == 0 else 'rejects'} it: {output.strip()}")
        else:
            print(f"ok: damage {expression!r}: both {'accept' if schema_ok else 'reject'}")

    template = {
        "name": "hp dice",
        "factions": [
            {"name": "A", "members": [{"name": "X", "hp": None, "ac": 10,
                                       "attacks": [{"name": "Hit", "to_hit": 0, "damage": "1"}]}]},
            {"name": "B", "members": [{"name": "Y", "hp": 1, "ac": 10,
                                       "attacks": [{"name": "Hit", "to_hit": 0, "damage": "1"}]}]},
        ],
    }
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "hp.json")
        for expression in HP_CORPUS:
            template["factions"][0]["members"][0]["hp"] = expression
            with open(path, "w", encoding="utf-8") as file:
                json.dump(template, file)
            schema_ok = hp.search(expression) is not None
            rc, output = run_arena(args.arena, "validate", path)
            bad_dice = "/hp: bad dice expression" in output
            if rc != 0 and not bad_dice:
                failures.add(f"hp {expression!r}: arena rejects it for another reason: {output.strip()}")
            elif schema_ok == bad_dice:
                failures.add(f"hp {expression!r}: the schema {'accepts' if schema_ok else 'rejects'}"
                             f" it, arena {'rejects' if bad_dice else 'accepts'} it: {output.strip()}")
            else:
                print(f"ok: hp {expression!r}: both {'accept' if schema_ok else 'reject'}")
    return failures.finish("the schema's dice patterns agree with arena's dice parser")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["validate", "keys", "values", "examples", "dice"])
    parser.add_argument("--source", required=True, help="the project's source directory")
    parser.add_argument("--arena", help="the arena binary (examples, dice)")
    parser.add_argument("--schema", help="default: SOURCE/scenarios/schema.json")
    args = parser.parse_args()
    root = Path(args.source)
    args.schema = args.schema or root / "scenarios" / "schema.json"
    args.scenarios = root / "scenarios"
    args.valid = root / "tests" / "schema" / "valid"
    args.invalid = root / "tests" / "schema" / "invalid"
    commands = {"validate": command_validate, "keys": command_keys, "values": command_values,
                "examples": command_examples, "dice": command_dice}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
