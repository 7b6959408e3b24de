#!/usr/bin/env python3
"""Convert the SRD 5.1 JSON data (5e-database layout) into arena's built-in library.

Reads Equipment.json and Monsters.json from the SRD folder and writes three
files into the output folder (standard library only, deterministic output:
re-running on the same input gives byte-identical files).

Usage: python3 scripts/convert_srd.py [--srd DIR] [--out DIR]
  --srd  defaults to <repo root>/../shared/data/srd-5.1
  --out  defaults to <repo root>/lib/data

Every file is an object whose first key is "source" (the licence line).

weapons.json  {"source": ..., "weapons": [WEAPON, ...]}   every SRD weapon, file order
  WEAPON = {"name": str, "category": "simple"|"martial", "kind": "melee"|"ranged",
            "damage": "1d8 slashing" | "1 piercing" | null,     (null: the net)
            "versatile": "1d10 slashing",        only for versatile weapons
            "properties": ["finesse", "two-handed", ...],     lowercase, file order
            "reach": 5|10,                       melee weapons only
            "range": [normal, long]}             ranged weapons and thrown melee weapons

armor.json    {"source": ..., "armor": [ARMOR, ...]}       every SRD armor, file order
  ARMOR = {"name": str, "category": "light"|"medium"|"heavy"|"shield", "base_ac": int,
           "dex_bonus": bool, "max_dex_bonus": int|null, "strength_minimum": int,
           "stealth_disadvantage": bool}

monsters.json {"source": ..., "monsters": [MONSTER, ...]}  every SRD monster, file order
  MONSTER = {"name", "size", "type" (lowercase), "cr": number, "xp": int,
             "ac": int, "ac_source": str, "hp": int, "hit_dice": "2d6+2",
             "abilities": {"str","dex","con","int","wis","cha"}, "proficiency_bonus": int,
             "saves": {"dex": 4, ...},                   omitted when none
             "attacks": [ATTACK, ...],
             "multiattack": [["Bite", "Claw", "Claw"], ...],   one list per option;
                                                         omitted without a Multiattack
             "resistances", "immunities", "vulnerabilities": [str] (lowercase, verbatim),
             "condition_immunities": [str], "traits": [str],
             "actions_not_converted": [str]}   other actions, "Multiattack: X" for names a
                                               multiattack uses that are not attacks,
                                               "Legendary: X", "Reaction: X"
  ATTACK = {"name": str, "to_hit": int, "damage": "2d10+8 piercing + 2d6 fire",
            "alternatives": ["1d10+1 slashing"],    other choices (e.g. two-handed), if any
            "reach": int,                           melee attacks (parsed from the text)
            "range": [normal, long],                ranged and thrown attacks
            "save": {"ability": "con", "dc": 11, "effect": "<sentence of the text>",
                     "damage": "2d8 poison",        if the rider deals damage
                     "half_on_success": true}}      if a success halves that damage

Damage strings always match
  ^\\d+(d\\d+)?([+-]\\d+)? [a-z]+( \\+ \\d+(d\\d+)?([+-]\\d+)? [a-z]+)*$
Warnings about data that could not be converted go to stderr, with a summary.
"""

import argparse
import json
import os
import re
import sys

SOURCE = "System Reference Document 5.1, CC-BY-4.0 (converted by scripts/convert_srd.py)"

DAMAGE_RE = re.compile(r"^\d+(d\d+)?([+-]\d+)? [a-z]+( \+ \d+(d\d+)?([+-]\d+)? [a-z]+)*$")

ABILITY_KEYS = [("str", "strength"), ("dex", "dexterity"), ("con", "constitution"),
                ("int", "intelligence"), ("wis", "wisdom"), ("cha", "charisma")]

ABILITY_BY_NAME = {name.capitalize(): key for key, name in ABILITY_KEYS}

# Small number words, for traits such as the hydra's "The hydra has five heads."
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def warn(message):
    print("convert_srd: " + message, file=sys.stderr)


# ---------------------------------------------------------------------------
# shared helpers

def dice(text):
    """'1d6 + 2' -> '1d6+2' (the SRD mixes both spellings)."""
    return re.sub(r"\s+", "", str(text))


def damage_part(entry):
    """One {"damage_dice", "damage_type"} entry -> '1d6+2 slashing'."""
    return "%s %s" % (dice(entry["damage_dice"]), entry["damage_type"]["index"].lower())


def write_json(path, data):
    # Fixed formatting and a trailing newline so that re-runs are byte-identical
    # and diffs of the data files stay readable.
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(data, f, indent=1, ensure_ascii=False, sort_keys=False)
        f.write("\n")


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------------------
# weapons

def convert_weapon(item):
    kind = item["weapon_range"].lower()
    properties = [p["name"].lower() for p in item.get("properties", [])]
    weapon = {
        "name": item["name"],
        "category": item["weapon_category"].lower(),
        "kind": kind,
        # The net deals no damage: it has no "damage" field at all.
        "damage": damage_part(item["damage"]) if "damage" in item else None,
    }
    if "two_handed_damage" in item:
        weapon["versatile"] = damage_part(item["two_handed_damage"])
    weapon["properties"] = properties
    if kind == "melee":
        weapon["reach"] = 10 if "reach" in properties else 5
    weapon_range = weapon_range_of(item, kind, properties)
    if weapon_range is not None:
        weapon["range"] = weapon_range
    return weapon


def weapon_range_of(item, kind, properties):
    """[normal, long] for ranged weapons and thrown melee weapons, else None.

    Melee weapons carry "range": {"normal": 5} (their reach) in the SRD data,
    which is not a range; a thrown melee weapon has its range in throw_range.
    """
    if kind == "ranged":
        source = item.get("range") or {}
    elif "thrown" in properties:
        source = item.get("throw_range") or {}
    else:
        return None
    if source.get("normal") is None or source.get("long") is None:
        return None
    return [source["normal"], source["long"]]


def convert_weapons(equipment):
    return [convert_weapon(e) for e in equipment
            if e["equipment_category"]["index"] == "weapon"]


# ---------------------------------------------------------------------------
# armor

def convert_armor_item(item):
    ac = item["armor_class"]
    return {
        "name": item["name"],
        "category": item["armor_category"].lower(),
        "base_ac": ac["base"],
        "dex_bonus": bool(ac.get("dex_bonus", False)),
        "max_dex_bonus": ac.get("max_bonus"),
        "strength_minimum": item.get("str_minimum", 0),
        "stealth_disadvantage": bool(item.get("stealth_disadvantage", False)),
    }


def convert_armor(equipment):
    return [convert_armor_item(e) for e in equipment
            if e["equipment_category"]["index"] == "armor"]


# ---------------------------------------------------------------------------
# monsters: attacks

def is_choice(entry):
    return "choose" in entry and "from" in entry


def choice_options(entry):
    return entry["from"].get("options", [])


def has_dice(entry):
    return "damage_dice" in entry and "damage_type" in entry


def attack_damage(monster_name, action):
    """(damage, alternatives, save_damage) for an attack action, or None to skip it.

    A damage entry is either plain ({"damage_dice", "damage_type"}), a choice
    between such entries (versatile weapons, the djinni's lightning-or-thunder),
    or, for the assassin, a plain entry that carries its own "dc": that damage is
    only dealt on a failed save, so it is returned as save_damage and kept out of
    the on-hit damage.  For a choice the first option goes into the damage; each
    other option gives one alternative, the whole damage string with that option
    in place of the first.
    """
    parts = []          # one list of option strings per entry; plain entries have one
    save_damage = None
    for entry in action["damage"]:
        if is_choice(entry):
            options = choice_options(entry)
            if not options or not all(has_dice(o) for o in options):
                warn("%s: skipped action %r: a damage choice without dice"
                     % (monster_name, action["name"]))
                return None
            parts.append([damage_part(o) for o in options])
        elif has_dice(entry):
            if "dc" in entry:
                save_damage = (damage_part(entry), entry["dc"])
            else:
                parts.append([damage_part(entry)])
        else:
            warn("%s: skipped action %r: a damage entry without dice: %s"
                 % (monster_name, action["name"], json.dumps(entry, sort_keys=True)))
            return None
    if not parts:
        warn("%s: skipped action %r: no damage on a hit" % (monster_name, action["name"]))
        return None
    first = [options[0] for options in parts]
    alternatives = []
    for i, options in enumerate(parts):
        for option in options[1:]:
            alternative = list(first)
            alternative[i] = option
            alternatives.append(" + ".join(alternative))
    return " + ".join(first), alternatives, save_damage


REACH_RE = re.compile(r"\breach (\d+) ft\.")
RANGE_RE = re.compile(r"\brange (\d+)(?:/(\d+))? ft\.")


def attack_distances(desc):
    """(reach, range) parsed from 'reach 5 ft.' and 'range 80/320 ft.' in the text."""
    reach = REACH_RE.search(desc)
    rng = RANGE_RE.search(desc)
    reach_value = int(reach.group(1)) if reach else None
    range_value = None
    if rng:
        normal = int(rng.group(1))
        # "range 30 ft." has no long range: disadvantage range equals the normal one.
        range_value = [normal, int(rng.group(2)) if rng.group(2) else normal]
    return reach_value, range_value


SAVE_RE = re.compile(r"DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)"
                     r" saving throw")
SAVE_DAMAGE_RE = re.compile(r"taking \d+ \(([^)]*)\) ([a-z]+) damage on a failed save"
                            r"(, or half as much damage on a successful one)?")


def sentences(text):
    # Split at a full stop followed by a capital letter, so "reach 5 ft., one target"
    # stays whole; newlines separate paragraphs in some descriptions.
    out = []
    for paragraph in text.split("\n"):
        out.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", paragraph))
    return [s for s in out if s]


def attack_save(action, save_damage):
    """The saving-throw rider of an attack, or None.

    Only one action in the data (aboleth tentacle) has an action-level "dc" and
    one monster (assassin) a damage entry with a "dc"; most riders (wolf bite,
    ghoul claws, giant spider bite) exist only in the text, so the first
    "DC N <Ability> saving throw" of the description is used as well.  "escape
    DC" (grapples) and "DC N Strength check" are not saving throws and are ignored.
    """
    desc = action["desc"]
    dc = action.get("dc") or (save_damage[1] if save_damage else None)
    match = SAVE_RE.search(desc)
    if dc is None and match is None:
        return None
    if dc is not None:
        ability = dc["dc_type"]["index"].lower()
        value = dc["dc_value"]
    else:
        ability = ABILITY_BY_NAME[match.group(2)]
        value = int(match.group(1))
    effect = ""
    for sentence in sentences(desc):
        if match and match.group(0) in sentence:
            effect = sentence
            break
    save = {"ability": ability, "dc": value, "effect": effect}
    if save_damage:
        save["damage"] = save_damage[0]
        save["half_on_success"] = save_damage[1].get("success_type") == "half"
    else:
        # Damage that the data leaves in the text only ("taking 9 (2d8) poison
        # damage on a failed save, or half as much ..."), giant spider style.
        hurt = SAVE_DAMAGE_RE.search(effect)
        if hurt:
            save["damage"] = "%s %s" % (dice(hurt.group(1)), hurt.group(2))
            save["half_on_success"] = hurt.group(3) is not None
    return save


def convert_attack(monster_name, action):
    """ATTACK for an action with an attack bonus and damage dice, else None."""
    if "attack_bonus" not in action:
        return None
    if not action.get("damage"):
        # Web, Tendril, Smother...: an attack roll whose hit is a condition or a
        # grapple, or whose damage is only in the text (guardian naga's spit).
        warn("%s: skipped action %r: an attack bonus but no damage entries"
             % (monster_name, action["name"]))
        return None
    damage = attack_damage(monster_name, action)
    if damage is None:
        return None
    damage_text, alternatives, save_damage = damage
    attack = {"name": action["name"], "to_hit": action["attack_bonus"], "damage": damage_text}
    if alternatives:
        attack["alternatives"] = alternatives
    reach, rng = attack_distances(action["desc"])
    is_melee = "Melee" in action["desc"]
    is_ranged = "Ranged" in action["desc"]
    if reach is not None and (is_melee or not is_ranged):
        attack["reach"] = reach
    if rng is not None:
        attack["range"] = rng
    if "reach" not in attack and "range" not in attack:
        warn("%s: attack %r has neither reach nor range in its text"
             % (monster_name, action["name"]))
    save = attack_save(action, save_damage)
    if save is not None:
        attack["save"] = save
    return attack


# ---------------------------------------------------------------------------
# monsters: multiattack

def multiattack_items(action):
    """The multiattack's options, each a list of {"action_name", "count"} items.

    Two shapes occur: "actions" (one fixed sequence) and "action_options" (a
    choice: each option is either one action item or {"option_type": "multiple",
    "items": [...]}).  "options" is accepted too, in case a newer data release
    renames the key.
    """
    if action.get("actions"):
        return [action["actions"]]
    choice = action.get("action_options") or action.get("options")
    if not choice:
        return []
    result = []
    for option in choice["from"].get("options", []):
        if option.get("option_type") == "multiple":
            result.append(option.get("items", []))
        else:
            result.append([option])
    return result


def base_name(name):
    """'Claw (Oni Form Only)' -> 'claw', 'Claws' -> 'claw': for loose matching."""
    name = re.sub(r"\s*\(.*?\)", "", name).strip().lower()
    return name[:-1] if name.endswith("s") else name


def resolve_attack_name(name, attack_names):
    """The attack a multiattack item refers to, or None.

    The data is not always consistent: the dragon turtle's multiattack says
    "Claws" for its "Claw", the oni's says "Claw" for "Claw (Oni Form Only)",
    and the vampire's "Bite (Bat or Vampire Form Only)" for "Bite".
    """
    if name in attack_names:
        return name
    matches = [a for a in attack_names if base_name(a) == base_name(name)]
    return matches[0] if len(matches) == 1 else None


def item_count(monster, item):
    """The item's count as an int.  Two counts in the data are not numbers:
    the hydra's "Number of Heads" (taken from its "has five heads" trait) and the
    violet fungus's "1d4" (its average rounded down, 2)."""
    count = item.get("count", 1)
    if isinstance(count, int):
        return count
    text = str(count).strip()
    if text.isdigit():
        return int(text)
    if "head" in text.lower():
        for ability in monster.get("special_abilities", []):
            heads = re.search(r"has (\w+) heads", ability.get("desc", ""))
            if heads and heads.group(1).lower() in NUMBER_WORDS:
                value = NUMBER_WORDS[heads.group(1).lower()]
                warn("%s: multiattack count %r taken as %d" % (monster["name"], count, value))
                return value
    roll = re.fullmatch(r"(\d*)d(\d+)", text)
    if roll:
        n = int(roll.group(1) or 1)
        value = max(1, (n * (int(roll.group(2)) + 1)) // 2)
        warn("%s: multiattack count %r taken as its average, %d" % (monster["name"], count, value))
        return value
    warn("%s: multiattack count %r not understood, taken as 1" % (monster["name"], count))
    return 1


def convert_multiattack(monster, action, attack_names):
    """(options, dropped names): names that are not attacks are dropped, and
    an option left empty or equal to an earlier one is left out."""
    options = []
    dropped = []
    for items in multiattack_items(action):
        option = []
        for item in items:
            name = resolve_attack_name(item["action_name"], attack_names)
            if name is None:
                if item["action_name"] not in dropped:
                    dropped.append(item["action_name"])
                continue
            option.extend([name] * item_count(monster, item))
        # Options can coincide once non-attacks are dropped (chuul: "two pincers"
        # and "two pincers and tentacles") or because the data told them apart by
        # melee/ranged use only (merrow's harpoon); keep each list once.
        if option and option not in options:
            options.append(option)
    return options, dropped


# ---------------------------------------------------------------------------
# monsters: the rest of the stat block

def armor_class(monster):
    """(ac, ac_source) from the first armor_class entry (the stat block's main AC;
    later entries are alternatives such as mage armor or a shield)."""
    entry = monster["armor_class"][0]
    kind = entry["type"]
    if kind == "armor":
        if entry.get("armor"):
            source = ", ".join(a["name"].lower() for a in entry["armor"])
        else:
            # Frost giant "patchwork armor", skeleton "armor scraps": no item list.
            source = entry.get("desc", "armor").lower()
    elif kind == "natural":
        source = "natural armor"
    elif kind == "dex":
        source = "dexterity"
    else:
        source = kind
    return entry["value"], source


def saving_throws(monster):
    saves = {}
    for p in monster.get("proficiencies", []):
        name = p["proficiency"]["name"]
        if name.startswith("Saving Throw: "):
            saves[name.split(": ", 1)[1].lower()] = p["value"]
    return saves


def convert_monster(monster, stats):
    ac, ac_source = armor_class(monster)
    entry = {
        "name": monster["name"],
        "size": monster["size"].lower(),
        "type": monster["type"].lower(),
        "cr": monster["challenge_rating"],
        "xp": monster["xp"],
        "ac": ac,
        "ac_source": ac_source,
        "hp": monster["hit_points"],
        "hit_dice": monster.get("hit_points_roll") or monster["hit_dice"],
        "abilities": {key: monster[name] for key, name in ABILITY_KEYS},
        "proficiency_bonus": monster["proficiency_bonus"],
    }
    saves = saving_throws(monster)
    if saves:
        entry["saves"] = saves

    actions = monster.get("actions", [])
    attacks = []
    not_converted = []
    multiattack_action = None
    for action in actions:
        if action["name"] == "Multiattack":
            multiattack_action = action
            continue
        attack = convert_attack(monster["name"], action)
        if attack is None:
            not_converted.append(action["name"])
        else:
            attacks.append(attack)
    entry["attacks"] = attacks

    if multiattack_action is not None:
        options, dropped = convert_multiattack(
            monster, multiattack_action, [a["name"] for a in attacks])
        if options:
            entry["multiattack"] = options
            stats["multiattacks"] += 1
        else:
            warn("%s: multiattack has no attack in it; left out" % monster["name"])
        not_converted.extend("Multiattack: " + name for name in dropped)

    entry["resistances"] = [s.lower() for s in monster.get("damage_resistances", [])]
    entry["immunities"] = [s.lower() for s in monster.get("damage_immunities", [])]
    entry["vulnerabilities"] = [s.lower() for s in monster.get("damage_vulnerabilities", [])]
    entry["condition_immunities"] = [c["name"].lower()
                                     for c in monster.get("condition_immunities", [])]
    entry["traits"] = [a["name"] for a in monster.get("special_abilities", [])]
    not_converted.extend("Legendary: " + a["name"] for a in monster.get("legendary_actions", []))
    not_converted.extend("Reaction: " + a["name"] for a in monster.get("reactions", []))
    entry["actions_not_converted"] = not_converted

    stats["attacks"] += len(attacks)
    stats["not_converted"] += len(not_converted)
    return entry


def convert_monsters(monsters):
    stats = {"attacks": 0, "multiattacks": 0, "not_converted": 0}
    result = [convert_monster(m, stats) for m in monsters]
    return result, stats


# ---------------------------------------------------------------------------
# checks and main

def bad_damage_strings(weapons, monsters):
    """Every damage string that does not match DAMAGE_RE, as (where, text)."""
    bad = []

    def check(where, text):
        if text is not None and not DAMAGE_RE.match(text):
            bad.append((where, text))

    for w in weapons:
        check(w["name"], w["damage"])
        check(w["name"] + " (versatile)", w.get("versatile"))
    for m in monsters:
        for a in m["attacks"]:
            where = "%s: %s" % (m["name"], a["name"])
            check(where, a["damage"])
            for alt in a.get("alternatives", []):
                check(where + " (alternative)", alt)
            check(where + " (save)", a.get("save", {}).get("damage"))
    return bad


def parse_args():
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--srd", default=os.path.join(repo_root, "..", "shared", "data", "srd-5.1"),
                        help="folder with Equipment.json and Monsters.json")
    parser.add_argument("--out", default=os.path.join(repo_root, "lib", "data"),
                        help="folder to write weapons.json, armor.json, monsters.json into")
    return parser.parse_args()


def main():
    args = parse_args()
    equipment = load_json(os.path.join(args.srd, "Equipment.json"))
    monsters_in = load_json(os.path.join(args.srd, "Monsters.json"))

    weapons = convert_weapons(equipment)
    armor = convert_armor(equipment)
    monsters, stats = convert_monsters(monsters_in)

    os.makedirs(args.out, exist_ok=True)
    write_json(os.path.join(args.out, "weapons.json"), {"source": SOURCE, "weapons": weapons})
    write_json(os.path.join(args.out, "armor.json"), {"source": SOURCE, "armor": armor})
    write_json(os.path.join(args.out, "monsters.json"), {"source": SOURCE, "monsters": monsters})

    bad = bad_damage_strings(weapons, monsters)
    for where, text in bad:
        warn("damage string out of format: %s: %r" % (where, text))

    print("weapons: %d written" % len(weapons))
    print("armor: %d written" % len(armor))
    print("convert_srd: monsters %d, attacks %d, multiattacks %d, actions not converted %d"
          % (len(monsters), stats["attacks"], stats["multiattacks"], stats["not_converted"]),
          file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
