#!/usr/bin/env python3
"""Convert the SRD 5.1 JSON data (5e-database layout) into arena's built-in library.

Reads Equipment.json, Monsters.json and Spells.json from the SRD folder and writes three
files into the output folder (standard library only, deterministic output:
re-running on the same input gives byte-identical files).

Usage: python3 scripts/convert_srd.py [--srd DIR] [--out DIR]
  --srd  defaults to <repo root>/../shared/data/srd-5.1
  --out  defaults to <repo root>/lib/data/dnd5e

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
  MONSTER = {"name", "size", "type" (lowercase), "subtypes": [str] (lowercase; omitted
             when none or "any race"), "cr": number, "xp": int,
             "ac": int, "ac_source": str, "hp": int, "hit_dice": "2d6+2",
             "abilities": {"str","dex","con","int","wis","cha"}, "proficiency_bonus": int,
             "saves": {"dex": 4, ...},                   omitted when none
             "attacks": [ATTACK, ...],
             "multiattack": [["Bite", "Claw", "Claw"], ...],   one list per option;
                                                         omitted without a Multiattack;
                                                         an option of one attack made a
                                                         number of times rolled is
                                                         {"attacks": ["Rotting Touch"],
                                                          "times": "1d4"} (violet fungus)
             "resistances", "immunities", "vulnerabilities": [str] (lowercase, verbatim),
             "condition_immunities": [str], "traits": [str],
             "actions_not_converted": [str],   other actions, "Multiattack: X" for names a
                                               multiattack uses that are neither attacks
                                               nor save actions, "Legendary: X",
                                               "Reaction: X", "Breath Weapons: X" for an
                                               option of a choice that is not converted
             -- the fields below are omitted when empty or absent --
             "save_actions": [SAVE_ACTION, ...],
             "legendary": LEGENDARY,
             "legendary_resistance": int,       uses per day ("Legendary Resistance (3/Day)")
             "trait_rules": TRAIT_RULES,
             "spellcasting": SPELLCASTING}
  A multiattack option lists attack names and, where the data names one, SAVE_ACTION
  names ("Frightful Presence", "Dreadful Glare", the chimera's "Fire Breath"), in the
  data's order.
  ATTACK = {"name": str, "to_hit": int, "damage": "2d10+8 piercing + 2d6 fire",
            "alternatives": ["1d10+1 slashing"],    other choices (e.g. two-handed), if any
            "reach": int,                           melee attacks (parsed from the text)
            "range": [normal, long],                ranged and thrown attacks
            "save": {"ability": "con", "dc": 11, "effect": "<sentence of the text>",
                     "damage": "2d8 poison",        if the rider deals damage
                     "half_on_success": true,       if a success halves that damage
                     "conditions": [COND],          what a failed save imposes, if any
                     "target_clause": str,          a creature-type clause of the text
                     "excludes": [str]},            the types and subtypes it spares
            "hit_conditions": [COND],               what a hit imposes without a save
                                                    (grapples, restrained while grappled)
            "riders_not_modelled": [str],           what a hit also does that the engine
                                                    does not play, as the text says it:
                                                    damage or hit points lost at the start
                                                    or end of each turn after the hit (a
                                                    fire elemental's burning), attaching
                                                    to the target (a stirge), a drained
                                                    hit point maximum or ability score, a
                                                    save's other effect ("or die")
            "riders_no_effect": [str],              a save's effect that lasts beyond a
                                                    fight (a disease, lycanthropy)
            "magical": true}                        weapon attacks of a monster with a
                                                    "weapon attacks are magical" trait
  COND = {"name": "prone"|"grappled"|"restrained"|"poisoned"|"frightened"|"blinded"|
                  "incapacitated"|"stunned"|"paralyzed"|"charmed"|"petrified"|"unconscious",
          "duration": int,          rounds: "for 1 minute" 10, "for 1 hour" 600, "until the
                                    end of its (the <monster>'s) next turn" 1, "until the end
                                    of its turn" (imposed as its turn starts) 1; omitted when
                                    the condition lasts until something ends it (and always
                                    for prone, which ends by standing up)
          "repeat_save": true,      the target repeats the save at the end of each of its turns
          "escape_dc": int,         grappled, and restrained while grappled ("escape DC 13")
          "ends_with_source": true, lasts only while the grapple lasts (a charm: "until the
                                    aboleth dies")
          "ends_on_damage": true,   unconscious until it takes damage (a sleep breath)
          "save_on_damage": true,   the target repeats the save when it takes damage (a charm)
          "worsens_to": "petrified", a failed repeated save turns it into that condition
                                    (restrained while turning to stone, then petrified)
          "needs_grapple": true}    swallowed: only a target the monster grapples (a Swallow
                                    action's bite)
  Other conditions (deafened, exhaustion...) are not emitted; their text stays in
  "effect".  Conditions behind a further test ("if the saving throw fails by 5 or
  more", "if the poison damage reduces the target to 0 hit points") are left out,
  and so are petrifying gazes (traits).  A charm's repeated save when the target is
  harmed is read as a save whenever it takes damage.  "One humanoid" limits a charm to those types: the other
  types are excluded.  Size and creature-type
  preconditions ("if the target is Large or smaller") are ignored.
  Creature-type clauses ("a creature other than an elf or undead", "that isn't a
  demon", "each non-undead creature") become "excludes", the creature types and
  subtypes the save spares; "target_clause" keeps the clause as written, also when
  it could not be read (then without "excludes"), for `arena library coverage`.

  SAVE_ACTION = {"name": str,       an action, breath weapon option or legendary option
                 "ability": "dex", "dc": int,
                 "damage": "18d6 fire",             on a failed save; omitted without damage
                 "half_on_success": bool,           only with "damage"
                 "conditions": [COND],              on a failed save
                 "area": AREA,                      omitted for a single target
                 "effect": "<the save sentence and what follows on a failure>",
                 "recharge": 5,                     "Recharge 5-6" (4: "4-6", 6: "6")
                 "per_day": int,                    "3/Day"
                 "recharge_group": "Breath Weapons", options of one choice that share one
                                                    recharge (metallic dragons), each option
                                                    a SAVE_ACTION of its own
                 "legendary_only": true,            exists only as a legendary action
                 "death_burst": true,               the save a "Death Burst" trait forces
                                                    when the creature dies (not an action)
                 "turn_start_reaction": feet,       a reaction, not an action: the save it
                                                    forces on an enemy that starts its turn
                                                    within this many feet (the chain devil's
                                                    Unnerving Mask)
                 "immunity_after_success": true,    "If a creature's saving throw is
                                                    successful or the effect ends for it,
                                                    the creature is immune to ..."
                 "target_clause", "excludes"}       as in an ATTACK's save
    An action without an attack roll that names a saving throw becomes a SAVE_ACTION
    when it deals damage or imposes a COND, unless its text needs what the engine does
    not track (SAVE_ACTION_BLOCKERS: a grappled, charmed or frightened target,
    swallowing, lasting areas that act on later turns, walls, possession...).  Areas
    of creatures' own spaces (air elemental's Whirlwind, water elemental's Whelm) have
    no AREA.  Ongoing damage (the vrock's spores) is not modelled.
  AREA = {"shape": "cone"|"line"|"sphere"|"cube"|"cylinder"|"emanation", "size": feet}
    size is the length of a cone or line, the radius of a sphere, cylinder or
    emanation (an area around the monster that moves with it: "each creature within 30
    feet of the dragon") and the side of a cube.

  LEGENDARY = {"per_round": 3,
               "options": [{"name": "Wing Attack", "cost": 2, "uses": ["Wing Attack"]}, ...]}
    per_round: the SRD gives every legendary creature 3 legendary actions; the data
    leaves that sentence out, so 3 is used unless a "legendary_desc" says otherwise.
    "uses": the attacks or SAVE_ACTIONs the option performs ("makes two claw attacks":
    ["Claw", "Claw"]); cost from "(Costs 2 Actions)", else 1.  An option that offers a
    choice gives one option per convertible choice, named "Attack (Claw)".  Options
    that do nothing without positions (Detect, Move, Teleport) or cannot be parsed stay
    in actions_not_converted as "Legendary: <name>".

  TRAIT_RULES = {"pack_tactics", "magic_resistance", "undead_fortitude", "blood_frenzy",
                 "reckless", "rampage", "magic_weapons": true (any "weapon attacks are
                 magical" trait, e.g. Magic Weapons, Angelic Weapons, Hellish Weapons),
                 "regeneration": {"hp": 10, "stopped_by": ["acid", "fire"] (damage types
                     that switch it off for the next turn), "revives": true (troll: dies
                     only if it starts its turn at 0 hit points and doesn't regenerate),
                     "needs_hp": true (works only with at least 1 hit point)},
                 "martial_advantage": "2d6", "sneak_attack": "4d6" (dice strings),
                 "relentless": 7 (damage threshold),
                 "flyby": true (no opportunity attacks when it flies out of reach),
                 "nimble_escape": true (Disengage as a bonus action; Hide is not played),
                 "charge": {"distance": 10, "attack": "Gore", "extra": "2d8 piercing",
                     "save": {"dc": 14, "ability": "str"}, "push": 10, "prone": true,
                     "bonus_attack": "Bite"}  Charge, Trampling Charge, Pounce: after
                     moving `distance` ft straight toward a target and hitting it with
                     `attack` on the same turn (parts omitted when the text has none;
                     "extra" without a type deals the attack's type),
                 "swallow": {"damage": "6d6 acid" (at the start of each of its turns),
                     "escape_damage": 30, "escape_dc": 14 (it regurgitates on a failed
                     Con save after that much damage in one turn from inside),
                     "escape_check": 12 (a creature inside escapes with its action and
                     a successful DC 12 Strength check: an Engulf),
                     "blinds": false (an engulfed creature is not blinded; omitted: true),
                     "exits_prone": true (freed by the swallower's death, it is prone),
                     "holds": 1 (at most that many inside at once; omitted: no limit),
                     "save": {"ability": "con", "dc": 14} (a save at the start of each
                     of its turns spares a creature inside the damage),
                     "after_multiattack": true (it engulfs a target that all the attacks
                     of its multiattack hit: the shambling mound)}
                     Swallow, and the Engulf of the gelatinous cube (its "Engulf"
                     SAVE_ACTION imposes "swallowed"; its Ooze Cube trait is part of the
                     rule) and of the shambling mound,
                 "split": {"min_size": "medium", "types": ["lightning", "slashing"],
                     "min_hp": 10}  the Split reaction (black pudding, ochre jelly): a
                     creature of at least that size that takes damage of one of those
                     types and still has at least that many hit points splits into two
                     of half its hit points, one size smaller,
                 "rock_catching": {"ability": "dex", "dc": 10}  the Rock Catching reaction
                     (stone giant): a made save against a "Rock" attack that would hit
                     catches it (no damage),
                 "no_effect": [trait names]}  traits that cannot change a fight without
                     positions, movement, light, terrain, stealth, surprise or social
                     play (NO_EFFECT_TRAITS, one reason each).  Fights are assumed to
                     take place out of sunlight and bright light (Sunlight Sensitivity).
                     Also "Reaction: X" for the reactions that cannot change one
                     (NO_EFFECT_REACTIONS).
                     A spellcasting trait is here when none of the monster's spells is
                     modelled or deals damage.
    A trait in neither is not modelled ("traits" keeps every name).

  SPELLCASTING = {"dc": 14, "attack": 6,  spell save DC and spell attack bonus (each
                                          omitted when the stat block has none)
                  "slots": {"1": 4, ...}, omitted for innate casters
                  "spells": [SPELL],      always present, maybe empty
                  "not_modelled": [str]}  the monster's other spells: no damage and no
                                          modelled condition, or NOT_MODELLED_SPELLS
    Merged from the "Spellcasting" and "Innate Spellcasting" traits; the first gives
    dc/attack, and a spell of a trait with other numbers has its own "dc"/"to_hit".
  SPELL = {"name": "Fireball", "level": 3 (0 for cantrips),
           "per_day": int,                  innate per-day spells only
           "attack": "ranged"|"melee",      a spell attack roll, or
           "save": {"ability": "dex", "half_on_success": bool (only with damage)}, or
           "auto_hit": true,                no roll at all (magic missile)
           "count": 3, "count_per_slot": 1, darts/rays per cast at the spell's level and
                                            extra ones per slot level above it; "damage"
                                            is then the damage of each
           "damage": {"3": "8d6 fire", "4": "9d6 fire", ...},  by cast level: slot levels
                                            from the spell's level up to the highest slot
                                            that Spells.json lists; at-will and innate
                                            spells only at their own level; cantrips one
                                            key "0" at the caster level (1 for innate
                                            casters, which have none)
           "area": AREA,                    from Spells.json (omitted: single target)
           "conditions": [COND]}            hold monster, blindness/deafness
    Acid arrow, insect plague and wall of fire are reduced to the damage they deal
    when cast (acid arrow's later 2d4, the lasting areas' later damage are dropped).

Damage strings (of attacks, saves, save actions and spells alike) always match
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


PRINTED_DICE = r"\d+d\d+(?:\s*[+-]\s*\d+)?"  # "2d6 + 8", as the text prints dice
HIT_DAMAGE_RE = re.compile(r"\((%s)\) ([a-z]+) damage" % PRINTED_DICE)
PLUS_DAMAGE_RE = re.compile(r"damage plus \d+ \((%s)\) ([a-z]+) damage" % PRINTED_DICE)


def hit_sentence(action):
    """The "Hit: ..." sentence of the action's text, or None."""
    for sentence in sentences(action.get("desc", "")):
        if "Hit:" in sentence:
            return sentence
    return None


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
    # The data's list against the printed hit, where the two disagree: a
    # dice term the hit sentence does not deal is dropped (the aboleth's
    # disease: 1d12 acid every 10 minutes, in a later sentence), and a "damage
    # plus N (XdY) type damage" the list lacks is added (the pit fiend's mace
    # fire). Other printed terms (save damage, "or ... at range", a swarm's
    # half) are the list's business.
    printed = hit_sentence(action)
    if printed:
        dealt = {"%s %s" % (dice(d), kind) for d, kind in HIT_DAMAGE_RE.findall(printed)}
        listed = {option for options in parts for option in options}
        kept = [options for options in parts
                if len(options) > 1 or "d" not in options[0].split()[0] or options[0] in dealt]
        plus = ["%s %s" % (dice(d), kind) for d, kind in PLUS_DAMAGE_RE.findall(printed)]
        added = [[term] for term in plus if term not in listed]
        if kept != parts or added:
            warn("%s: action %r: the hit as printed deals %s, where the data lists %s"
                 % (monster_name, action["name"], " + ".join(o[0] for o in kept + added),
                    " + ".join(o[0] for o in parts)))
        parts = kept + added
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
# The other wording, with no half on a success: "... saving throw or take 10
# (3d6) poison damage" (giant centipede, spider, quasit).
SAVE_OR_TAKE_RE = re.compile(r"saving throw or take \d+ \(([^)]*)\) ([a-z]+) damage")


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
        or_take = SAVE_OR_TAKE_RE.search(effect)
        if hurt:
            save["damage"] = "%s %s" % (dice(hurt.group(1)), hurt.group(2))
            save["half_on_success"] = hurt.group(3) is not None
        elif or_take:
            save["damage"] = "%s %s" % (dice(or_take.group(1)), or_take.group(2))
            save["half_on_success"] = False
    conditions = save_conditions(desc, match) if match else []
    if conditions:
        save["conditions"] = conditions
    add_target_exclusions(save, effect)
    return save


# A creature-type clause of a save's text, and the readable forms of one:
# "other than an elf or undead", "other than an undead or a construct",
# "that isn't a demon", "each non-undead creature".
TARGET_CLAUSE_RE = re.compile(r"\bother than [^,.]+|\bthat isn't (?:an? )?\w+|\bnon-\w+ creatures?")
EXCLUSION_RES = [re.compile(r"^other than (?:an? )?(\w+)(?: or (?:an? )?(\w+))?$"),
                 re.compile(r"^that isn't (?:an? )?(\w+)$"),
                 re.compile(r"^non-(\w+) creatures?$")]


# "If a creature's saving throw is successful or the effect ends for it, the
# creature is immune to the dragon's Frightful Presence for the next 24 hours."
IMMUNE_AFTER_RE = re.compile(r"saving throw is successful[^.]*\bimmune to\b")


# "targets one humanoid", "One humanoid the fiend can see", "one humanoid or
# beast": a charm that only works on some creature types. The engine knows
# exclusions only, so the other types are excluded.
CREATURE_TYPES = ("aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey",
                  "fiend", "giant", "humanoid", "monstrosity", "ooze", "plant", "undead")
ONLY_TYPES_RE = re.compile(r"\b[Oo]ne (%s)(?: or (%s))? (?:it|she|he|that|the)\b"
                           % ("|".join(CREATURE_TYPES), "|".join(CREATURE_TYPES)))


def add_target_inclusions(save, text):
    """Adds "target_clause" and "excludes" (every other type) to a save whose
    text limits its targets to some creature types."""
    match = ONLY_TYPES_RE.search(text)
    if match is None:
        return
    only = [name for name in match.groups() if name]
    save["target_clause"] = match.group(0).rsplit(" ", 1)[0]     # without "it", "that"...
    save["excludes"] = [t for t in CREATURE_TYPES if t not in only]


def add_target_exclusions(save, text):
    """Adds "target_clause" and, when read, "excludes" to a save from its text."""
    clause = TARGET_CLAUSE_RE.search(text)
    if clause is None:
        return
    save["target_clause"] = clause.group(0)
    for pattern in EXCLUSION_RES:
        match = pattern.match(clause.group(0))
        if match:
            save["excludes"] = [name for name in match.groups() if name]
            return
    warn("target clause not read: %r" % clause.group(0))


def convert_attack(monster_name, action, magic_weapons=False):
    """ATTACK for an action with an attack bonus and damage dice, else None.
    magic_weapons: the monster has a "weapon attacks are magical" trait."""
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
    conditions = hit_conditions(action["desc"])
    if conditions:
        attack["hit_conditions"] = conditions
    riders, no_effect = hit_riders(action["desc"], save)
    if riders:
        attack["riders_not_modelled"] = riders
    if no_effect:
        attack["riders_no_effect"] = no_effect
    if magic_weapons and "Weapon Attack" in action["desc"]:
        attack["magical"] = True
    return attack


# ---------------------------------------------------------------------------
# monsters: conditions (COND objects)

# The conditions the engine models; others (deafened, exhaustion...) are not
# emitted and stay visible in the effect text only.
CONDITIONS = ("prone", "grappled", "restrained", "poisoned", "frightened", "blinded",
              "incapacitated", "stunned", "paralyzed", "charmed", "petrified", "unconscious",
              "swallowed")
CONDITION_ALT = "|".join(c for c in CONDITIONS if c != "grappled")

# "be knocked prone", "become frightened", "is also paralyzed", "and restrained",
# "or fall unconscious".
# Grapples are matched by GRAPPLE_RE only, because they carry an escape DC.
CONDITION_RE = re.compile(r"\b(?:be|become|becomes|is|are|and|or)\s+(?:(?:also|magically|knocked|fall)\s+)*"
                          r"(%s)\b" % CONDITION_ALT)
GRAPPLE_RE = re.compile(r"\bgrappled(?: by it)? \(escape DC (\d+)\)")
GRAPPLE_RESTRAINED_RE = re.compile(r"Until this grapple ends, the (?:target|creature) is restrained"
                                   r"|\brestrained until (?:this|the) grapple ends")
# "Until this poison ends, the target is paralyzed." (chuul): the second
# condition lasts as long as the first one.
UNTIL_ENDS_RE = re.compile(r"^Until this (\w+) ends, the (?:target|creature) is (%s)\b" % CONDITION_ALT)
KNOCKED_PRONE_RE = re.compile(r"\b(?:is|and) knocked prone\b")
DURATION_RE = re.compile(r"\bfor (\d+) (minute|hour|day)s?\b"
                         r"|\buntil the (?:end|start) of (?:its|the [\w' -]+?'s) next turn\b"
                   r"|\buntil the end of its turn\b")
ROUNDS_PER_UNIT = {"minute": 10, "hour": 600, "day": 14400}     # 1 round = 6 seconds
REPEAT_RE = re.compile(r"repeat the saving throw at the end of each of its turns")
# Sentences after the save sentence that still describe the failed save.
FAILURE_PREFIXES = ("On a failed save", "On a failure", "Until this ")


def duration_rounds(text):
    """Rounds of the first duration phrase in text, or None ("for 1 minute" = 10,
    "until the end of its next turn" = 1)."""
    match = DURATION_RE.search(text)
    if not match:
        return None
    if match.group(1):
        return int(match.group(1)) * ROUNDS_PER_UNIT[match.group(2)]
    return 1


def grapple_conditions(text):
    """grappled (escape DC N) and, if the text says so, restrained while grappled."""
    match = GRAPPLE_RE.search(text)
    if not match:
        return []
    escape = int(match.group(1))
    conditions = [{"name": "grappled", "escape_dc": escape, "ends_with_source": True}]
    if GRAPPLE_RESTRAINED_RE.search(text):
        conditions.append({"name": "restrained", "escape_dc": escape, "ends_with_source": True})
    return conditions


def failure_sentences(desc, save_match):
    """The part of the text that describes a failed save: the save sentence from
    the "DC N ..." on, plus following sentences of the same paragraph that begin
    with "On a failed save", "On a failure" or "Until this ... ends".  Sentences
    such as "If the saving throw fails by 5 or more ..." or "If the poison damage
    reduces the target to 0 hit points ..." are conditional riders and left out."""
    start = save_match.start()
    offset = 0
    for paragraph in desc.split("\n"):
        if offset <= start < offset + len(paragraph) + 1:
            break
        offset += len(paragraph) + 1
    else:
        return []
    parts = sentences(paragraph[start - offset:])
    return parts[:1] + [s for s in parts[1:] if s.startswith(FAILURE_PREFIXES)]


# Petrification in two steps (cockatrice, gorgon): "begins to turn to stone
# and is restrained", a save "at the end of its next turn", then petrified.
TURNING_TO_STONE_RE = re.compile(r"\bbegins to turn to stone and is restrained\b")
# A sleep that damage ends (the brass dragons' Sleep Breath).
ENDS_ON_DAMAGE_RE = re.compile(r"\bends for a creature if the creature takes damage\b")
# A charm that lasts as long as its source: "until the aboleth dies".
UNTIL_SOURCE_DIES_RE = re.compile(r"\buntil the [\w' -]+? (?:dies|is destroyed)\b")
# A charm whose save is repeated when its target is harmed: "Whenever the
# charmed target takes damage, the target can repeat the saving throw".
SAVE_ON_HARM_RE = re.compile(r"\b(?:takes damage|suffers any harm|anything harmful to the target)"
                             r"\b[^.]*\brepeat the saving throw")


def petrification(desc):
    """The COND of a two-step petrification, or None: restrained until the end
    of the target's next turn, when a failed save turns it to stone."""
    if not TURNING_TO_STONE_RE.search(desc):
        return None
    return {"name": "restrained", "duration": 1, "repeat_save": True, "worsens_to": "petrified"}


def mark_how_it_ends(condition, desc):
    """Adds "ends_on_damage" to an unconscious COND, and "ends_with_source" and
    "save_on_damage" to a charmed one, when the text says so."""
    if condition["name"] == "unconscious" and ENDS_ON_DAMAGE_RE.search(desc):
        condition["ends_on_damage"] = True
    if condition["name"] == "charmed" and UNTIL_SOURCE_DIES_RE.search(desc):
        condition["ends_with_source"] = True
    if condition["name"] == "charmed" and SAVE_ON_HARM_RE.search(desc):
        condition["save_on_damage"] = True


def save_conditions(desc, save_match):
    """COND list that a failed save imposes (grapples excluded: see grapple_conditions).

    Petrification (cockatrice, gorgon) starts as "restrained" and ends in
    "petrified": see petrification.
    """
    stone = petrification(desc)
    if stone is not None:
        return [stone]
    if "petrified" in desc:
        return []           # other petrifications (gazes) are not read
    repeat = bool(REPEAT_RE.search(desc))
    conditions = []
    for sentence in failure_sentences(desc, save_match):
        until = UNTIL_ENDS_RE.match(sentence)
        if until and until.group(1) == "grapple":
            continue                # restrained while grappled: grapple_conditions
        if until:
            # Copy duration and repeat_save of the condition this one depends on.
            source = next((c for c in conditions if c["name"].startswith(until.group(1))), None)
            condition = {"name": until.group(2)}
            for key in ("duration", "repeat_save"):
                if source is not None and key in source:
                    condition[key] = source[key]
            add_condition(conditions, condition)
            continue
        for match in CONDITION_RE.finditer(sentence):
            condition = {"name": match.group(1)}
            if condition["name"] != "prone":          # prone ends by standing up
                rounds = duration_rounds(sentence[match.end():])
                if rounds is not None:
                    condition["duration"] = rounds
                if repeat:
                    condition["repeat_save"] = True
            mark_how_it_ends(condition, desc)
            add_condition(conditions, condition)
    return conditions


def add_condition(conditions, condition):
    """Append a COND unless one of the same name is there already."""
    if all(c["name"] != condition["name"] for c in conditions):
        conditions.append(condition)


# What a hit does on later turns: "takes 7 (2d6) piercing damage at the start of
# each of its turns", "lose 5 (1d10) hit points at the start of each of its turns",
# "at the start of each of the stirge's turns, the target loses 5 (1d4 + 3) hit
# points". A swallowed creature's acid is the Swallow rule (swallow_attack).
DICE_AMOUNT = r"\d+ \(\d+d\d+(?: [+-] \d+)?\)"
EACH_TURN = r"at the (?:start|end) of each of [^.,]*?turns"
ONGOING_RE = re.compile(r"(?:takes?|loses?) %s [^.]*?(?:damage|hit points) %s"
                        r"|%s, the target (?:loses|takes) %s [^.]*?(?:damage|hit points)"
                        % (DICE_AMOUNT, EACH_TURN, EACH_TURN, DICE_AMOUNT))
ATTACH_RE = re.compile(r"\battaches to (?:it|the target)\b")
# What a hit takes away without a save: "The target's hit point maximum is reduced
# by an amount equal to the necrotic damage taken, and the vampire regains hit
# points equal to that amount", "the target's Strength score is reduced by 1d4".
DRAIN_RE = re.compile(r"(?:[Tt]he target's )?hit point maximum is reduced by an amount equal to "
                      r"the \w+ damage taken(?:, and the [\w ]+ regains hit points equal to "
                      r"that amount)?|the target's \w+ score is reduced by \d*d\d+")
# A failed save's effect that lasts beyond a fight (a disease, a curse): it
# changes no battle.
BEYOND_THE_FIGHT_RE = re.compile(r"\bdisease|\bcursed with\b")
SAVE_OR_RE = re.compile(r"saving throw or (.*?)\.?$")


def hit_riders(desc, save):
    """(not modelled, no effect): what a hit also does that the engine does not
    play, each as the text says it, in text order (ONGOING_RE, ATTACH_RE,
    DRAIN_RE, and a SAVE whose failure deals no damage and imposes no
    condition), and the saves whose failure lasts beyond a fight."""
    hit = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
    riders = []
    for sentence in sentences(hit):
        if "swallowed" in sentence:
            continue
        if ATTACH_RE.search(sentence) and "attaches to the target" not in riders:
            riders.append("attaches to the target")
        for pattern in (ONGOING_RE, DRAIN_RE):
            found = pattern.search(sentence)
            if found:
                riders.append(found.group(0)[0].lower() + found.group(0)[1:])
    no_effect = []
    empty_save = save is not None and not save.get("damage") and not save.get("conditions")
    if empty_save and "swallowed" not in save["effect"] and "inside it" not in save["effect"]:
        failure = SAVE_OR_RE.search(save["effect"])
        what = failure.group(1) if failure else save["effect"]
        if BEYOND_THE_FIGHT_RE.search(what):
            no_effect.append(what)
        elif not any(what in rider or rider in what for rider in riders):
            riders.append("a failed DC %d %s save: %s"
                          % (save["dc"], dict(ABILITY_KEYS)[save["ability"]].capitalize(), what))
    return riders, no_effect


def hit_conditions(desc):
    """COND list a hit imposes without a save: grapples (with restrained while
    grappled) and "the target is knocked prone" in a sentence without a save."""
    conditions = grapple_conditions(desc)
    for sentence in sentences(desc):
        if not SAVE_RE.search(sentence) and KNOCKED_PRONE_RE.search(sentence):
            add_condition(conditions, {"name": "prone"})
    return conditions


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


# Multiattack counts the data gets wrong, by (monster, action): the text wins.
# The veteran's "two longsword attacks. If it has a shortsword drawn, it can
# also make a shortsword attack" is one shortsword attack; the data says 2.
COUNT_CORRECTIONS = {("Veteran", "Shortsword"): 1}


def item_count(monster, item, rolled_ok=False):
    """The item's count as an int.  Two counts in the data are not numbers:
    the hydra's "Number of Heads" (taken from its "has five heads" trait) and the
    violet fungus's "1d4": returned as that text when rolled_ok (the option is
    this one item, which arena makes a number of times rolled), otherwise
    taken as its average rounded down."""
    corrected = COUNT_CORRECTIONS.get((monster["name"], item["action_name"]))
    if corrected is not None:
        warn("%s: multiattack count of %s %r taken as %d, as its text says"
             % (monster["name"], item["action_name"], item.get("count", 1), corrected))
        return corrected
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
    if roll and rolled_ok:
        return "%dd%s" % (int(roll.group(1) or 1), roll.group(2))
    if roll:
        n = int(roll.group(1) or 1)
        value = max(1, (n * (int(roll.group(2)) + 1)) // 2)
        warn("%s: multiattack count %r taken as its average, %d" % (monster["name"], count, value))
        return value
    warn("%s: multiattack count %r not understood, taken as 1" % (monster["name"], count))
    return 1


def convert_multiattack(monster, action, attack_names, thrown_names=()):
    """(options, dropped names): names that are not attacks are dropped, and
    an option left empty or equal to an earlier one is left out.

    thrown_names: the attacks that are melee or ranged (a reach and a range).
    arena plays each as two, "NAME" in melee and "NAME (thrown)" at range, so
    an item the data marks "ranged" names the thrown one: the bandit
    captain's "two ranged attacks with its daggers", the gladiator's "two
    ranged attacks"."""
    options = []
    dropped = []
    for items in multiattack_items(action):
        option = []
        times = None  # a count rolled: the option is its one attack, made that many times
        for item in items:
            name = resolve_attack_name(item["action_name"], attack_names)
            if name is None:
                if item["action_name"] not in dropped:
                    dropped.append(item["action_name"])
                continue
            if name in thrown_names and item.get("type") == "ranged":
                name += " (thrown)"
            count = item_count(monster, item, rolled_ok=len(items) == 1)
            if isinstance(count, str):
                times, count = count, 1
            option.extend([name] * count)
        entry = {"attacks": option, "times": times} if times else option
        # Options can coincide once non-attacks are dropped (chuul: "two pincers"
        # and "two pincers and tentacles"); keep each list once.
        if option and entry not in options:
            options.append(entry)
    return options, dropped


# ---------------------------------------------------------------------------
# monsters: actions without an attack roll that force a saving throw

# Texts the engine cannot act on although they name a save and damage or a
# condition: the action needs a state the engine does not track, or its effect
# comes later than the action.  Such actions stay in actions_not_converted.
SAVE_ACTION_BLOCKERS = [
    (r"\b(?:one creature|creatures|creature) grappled by", "needs a creature the monster grapples"),
    (r"\bit is grappling\b", "needs a creature the monster grapples (swallow)"),
    (r"\bengulf", "engulfing is not modelled"),
    (r"\bcharmed by it\b|\bwilling creature\b", "needs a charmed or willing target"),
    (r"\buntil the song ends\b", "a song kept up with bonus actions"),
    (r"\bone frightened creature\b", "needs a frightened target"),
    (r"\bpossess", "possession is not modelled"),
    (r"\bIf the \w+ jumps\b", "needs a jump (positions)"),
    (r"\bstarts its turn in\b|\bends its turn there\b|\benters the whirlwind\b",
     "a lasting area that acts on later turns"),
    (r"\bWhile underwater\b", "needs water"),
    (r"\bforms an? [\w ]*wall\b", "a wall placed on the map (positions)"),
    (r"\bbolts of lightning, each of which\b", "several single-target saves (no count field)"),
]

AREA_RES = [
    ("cone", re.compile(r"(\d+)-foot cone")),
    ("line", re.compile(r"(\d+)-foot line")),
    ("line", re.compile(r"\bline (?:of \w+ )?that is (\d+) (?:feet|ft\.) long")),
    ("cube", re.compile(r"(\d+)-foot cube")),
]
RADIUS_RE = re.compile(r"(\d+)-foot[- ]radius")
WITHIN_RE = re.compile(r"\b(?:Each|each|Every|every|Any|any)\b[^.]*?\bwithin (\d+) (?:feet|ft\.) of ([^.,]*)")
DAMAGE_TEXT_RE = re.compile(r"\d+ \(([^)]*)\) ([a-z]+) damage")
HALF_RE = re.compile(r"\bhalf (?:as much|the(?: \w+)?) damage")
COST_RE = re.compile(r"\s*\(Costs (\d+) Actions\)")


def save_area(desc):
    """AREA {"shape", "size"} parsed from the text, or None for a single target.

    "60-foot cone", "90-foot line that is 10 feet wide", "line that is 30 ft.
    long", "each creature within 30 feet of the dragon" (emanation: the area
    moves with the monster) and "within 10 feet of that point" (sphere).
    "A 15-foot-radius cloud ... extends out from the vrock" is an emanation,
    a radius around a point a sphere.
    """
    for shape, regex in AREA_RES:
        match = regex.search(desc)
        if match:
            return {"shape": shape, "size": int(match.group(1))}
    for sentence in sentences(desc):
        match = RADIUS_RE.search(sentence)
        if match:
            shape = "sphere" if re.search(r"\bpoint\b", sentence) else "emanation"
            return {"shape": shape, "size": int(match.group(1))}
        match = WITHIN_RE.search(sentence)
        if match:
            centre = match.group(2)
            shape = "sphere" if re.search(r"\bpoint\b|\bflash\b", centre) else "emanation"
            return {"shape": shape, "size": int(match.group(1))}
    return None


def data_damage(entries):
    """'18d6 fire' from the data's damage entries, or None if they are not plain dice."""
    if not entries or not all(has_dice(e) for e in entries):
        return None
    return " + ".join(damage_part(e) for e in entries)


def text_damage(text):
    """'4d6 fire + 4d6 radiant' from "14 (4d6) fire damage plus 14 (4d6) radiant
    damage" in text, or None."""
    parts = ["%s %s" % (dice(m.group(1)), m.group(2)) for m in DAMAGE_TEXT_RE.finditer(text)]
    return " + ".join(parts) if parts else None


def save_dc(dc_data, desc):
    """(ability, dc, match of "DC N Ability saving throw" in desc) or None.
    The data's "dc" object wins over the text; the text match is still needed to
    find the save sentence."""
    match = SAVE_RE.search(desc)
    if match is None:
        return None
    if dc_data:
        return dc_data["dc_type"]["index"].lower(), dc_data["dc_value"], match
    return ABILITY_BY_NAME[match.group(2)], int(match.group(1)), match


def usage_fields(monster_name, name, usage):
    """{"recharge": 5} / {"per_day": 3} from an action's "usage", else {}."""
    if not usage:
        return {}
    if usage.get("type") == "recharge on roll":
        return {"recharge": usage["min_value"]}
    if usage.get("type") == "per day":
        return {"per_day": usage["times"]}
    warn("%s: %r: usage %r not modelled" % (monster_name, name, usage.get("type")))
    return {}


def blocked(desc):
    """The reason a save text cannot be modelled (SAVE_ACTION_BLOCKERS), or None."""
    for pattern, reason in SAVE_ACTION_BLOCKERS:
        if re.search(pattern, desc):
            return reason
    return None


def convert_save_action(monster_name, name, desc, dc_data=None, damage_entries=None):
    """SAVE_ACTION (without usage fields) for a text that forces a save, or None.

    Only damage or a modelled condition makes the action worth emitting.
    The damage comes from the data's entries when there are any, else from the
    failed-save part of the text; half_on_success from the text ("or half as
    much damage", "takes half the bludgeoning damage") or the data.
    """
    found = save_dc(dc_data, desc)
    if found is None or blocked(desc):
        return None
    ability, dc, match = found
    failure = " ".join(failure_sentences(desc, match))   # damage is taken from here only
    damage = data_damage(damage_entries)
    from_text = text_damage(failure)
    if damage is None:
        damage = from_text
    elif from_text is not None and from_text != damage:
        warn("%s: %r: damage %r in the data, %r in the text; the data is used"
             % (monster_name, name, damage, from_text))
    conditions = grapple_conditions(desc)
    for condition in save_conditions(desc, match):
        add_condition(conditions, condition)
    if damage is None and not conditions:
        return None
    action = {"name": name, "ability": ability, "dc": dc}
    if damage is not None:
        action["damage"] = damage
        action["half_on_success"] = bool(HALF_RE.search(desc)) or (
            (dc_data or {}).get("success_type") == "half")
    if conditions:
        action["conditions"] = conditions
    area = save_area(desc)
    if area is not None:
        action["area"] = area
    # The whole save sentence, as in an ATTACK's save, plus the failure sentences.
    save_sentence = next(s for s in sentences(desc) if match.group(0) in s)
    action["effect"] = " ".join([save_sentence] + failure_sentences(desc, match)[1:])
    add_target_exclusions(action, save_sentence)
    if "excludes" not in action and any(c["name"] == "charmed" for c in conditions):
        add_target_inclusions(action, sentences(desc)[0])
    if IMMUNE_AFTER_RE.search(desc):
        action["immunity_after_success"] = True
    return action


def breath_option_desc(desc, option_name):
    """The paragraph "Fire Breath. The dragon exhales ..." of a breath weapon choice."""
    for paragraph in desc.split("\n"):
        if paragraph.startswith(option_name + "."):
            return paragraph[len(option_name) + 1:].strip()
    return None


def convert_save_actions(monster_name, action):
    """(SAVE_ACTIONs, names left unconverted) for one action without an attack roll.

    An action with "options" (the metallic dragons' "Breath Weapons") gives one
    SAVE_ACTION per option, all with the action's recharge and "recharge_group";
    an option that cannot be converted is reported as "<action>: <option>".
    An action with an "attacks" list (the androsphinx's roars, which differ on
    each use) is not converted.
    """
    if action.get("attacks"):
        return [], [action["name"]]
    options = action.get("options")
    if not options:
        converted = convert_save_action(monster_name, action["name"], action["desc"],
                                        action.get("dc"), action.get("damage"))
        if converted is None:
            return [], [action["name"]]
        converted.update(usage_fields(monster_name, action["name"], action.get("usage")))
        return [converted], []
    usage = usage_fields(monster_name, action["name"], action.get("usage"))
    result, left = [], []
    for option in choice_options(options):
        text = breath_option_desc(action["desc"], option["name"])
        converted = None if text is None else convert_save_action(
            monster_name, option["name"], text, option.get("dc"), option.get("damage"))
        if converted is None:
            left.append("%s: %s" % (action["name"], option["name"]))
            continue
        converted.update(usage)
        converted["recharge_group"] = action["name"]
        result.append(converted)
    if not result:
        return [], [action["name"]]
    return result, left


# ---------------------------------------------------------------------------
# monsters: legendary actions

# Every legendary creature of the SRD "can take 3 legendary actions, choosing
# from the options below"; the 5e-database data leaves that sentence out, so
# the number is read from a "legendary_desc" when the data has one and is 3
# otherwise.
LEGENDARY_ACTIONS_PER_ROUND = 3
LEGENDARY_PER_ROUND_RE = re.compile(r"can take (\d+) legendary actions")

# A legendary option that only performs other actions is a single sentence,
# "The dragon makes a tail attack." / "The kraken uses Lightning Storm."
LEGENDARY_USES_RE = re.compile(r"^The [\w' ,-]+? (makes|uses) (.+?)\.$")
COUNT_WORDS = dict(NUMBER_WORDS, a=1, an=1)
USE_PATTERNS = [
    re.compile(r"^(?:makes )?(one|two|three|a|an) attacks? with its (.+)$"),   # one attack with its hooves
    re.compile(r"^(?:makes )?(one|two|three|a|an) (.+?)(?: attacks?)?$"),      # two claw attacks
    re.compile(r"^uses (?:its )?()(.+)$"),                                     # uses its Fling
    re.compile(r"^()(.+?) attacks?$"),                                          # "... or tail attack"
]


def legendary_per_round(monster):
    match = LEGENDARY_PER_ROUND_RE.search(monster.get("legendary_desc", ""))
    return int(match.group(1)) if match else LEGENDARY_ACTIONS_PER_ROUND


def parse_use(text):
    """(count, action name) for "makes two claw attacks", "uses its Fling"..., or None."""
    for pattern in USE_PATTERNS:
        match = pattern.match(text)
        if match:
            return COUNT_WORDS.get(match.group(1).lower(), 1), match.group(2)
    return None


def legendary_choices(monster_name, desc, action_names):
    """The lists of action names a legendary option may perform, one per choice
    ("one claw attack or tail attack" gives two), resolved against the
    monster's attacks and SAVE_ACTIONs; choices that name nothing convertible
    are dropped."""
    match = LEGENDARY_USES_RE.match(desc.strip())
    if not match:
        return []
    choices, unresolved = [], []
    for alternative in re.split(r" or ", "%s %s" % match.groups()):
        use = parse_use(alternative.strip())
        name = None if use is None else resolve_attack_name(use[1], action_names)
        if name is None:
            unresolved.append(alternative.strip())
        else:
            choices.append([name] * use[0])
    if choices and unresolved:
        warn("%s: legendary choices %r name no converted action; left out"
             % (monster_name, unresolved))
    return choices


def convert_legendary(monster, action_names):
    """(LEGENDARY or None, legendary SAVE_ACTIONs, names not converted).

    An option either performs attacks or SAVE_ACTIONs of the monster ("uses"),
    or has a save of its own (the dragons' Wing Attack), which becomes a
    SAVE_ACTION with "legendary_only".  An option with several choices ("one
    claw attack or tail attack") gives one option per choice, named "Attack
    (Claw)".  Everything else (Detect, Move, Teleport, Cast a Spell...) is left
    as "Legendary: <name>".
    """
    options, extra, left = [], [], []
    for action in monster.get("legendary_actions", []):
        cost_match = COST_RE.search(action["name"])
        cost = int(cost_match.group(1)) if cost_match else 1
        name = COST_RE.sub("", action["name"]).strip()
        choices = legendary_choices(monster["name"], action["desc"], action_names)
        if not choices:
            converted = convert_save_action(monster["name"], name, action["desc"],
                                            action.get("dc"), action.get("damage"))
            if converted is not None and name not in action_names:
                converted["legendary_only"] = True
                extra.append(converted)
                choices = [[name]]
        if not choices:
            left.append("Legendary: " + action["name"])
            continue
        for uses in choices:
            label = name if len(choices) == 1 else "%s (%s)" % (name, uses[0])
            options.append({"name": label, "cost": cost, "uses": uses})
    if not options:
        return None, extra, left
    return {"per_round": legendary_per_round(monster), "options": options}, extra, left


# ---------------------------------------------------------------------------
# monsters: traits

# Traits that cannot change the outcome of a fight as the engine sees it: no
# positions or movement, no light or sunlight (fights are assumed to take place
# out of sunlight), no terrain, no stealth or surprise, no social play.  One
# reason per entry.  A trait that is neither here nor in TRAIT_RULE_PARSERS
# shows up as not modelled.
NO_EFFECT_TRAITS = {
    "Aberrant Ground": "difficult terrain and speed 0: movement only",
    "Aggressive": "a bonus-action move: movement only",
    "Air Form": "entering spaces: positions",
    "Ambusher": "needs surprise (stealth)",
    "Amorphous": "squeezing through gaps: movement only",
    "Amphibious": "breathing",
    "Beast of Burden": "carrying capacity",
    "Blind Senses": "senses",
    "Bound": "calling by the amulet's wearer: out of combat",
    "Brute": "the extra die is already included in the attacks",
    "Confer Fire Resistance": "affects a rider; mounts are not modelled",
    "Cunning Action": "Dash, Disengage or Hide: movement and stealth",
    "Devil's Sight": "darkness is not modelled",
    "Divine Awareness": "social",
    "Earth Glide": "burrowing: movement only",
    "Echolocation": "senses",
    "Elemental Demise": "after death",
    "Ephemeral": "carrying items",
    "Ethereal Sight": "senses",
    "False Appearance": "stealth",
    "Faultless Tracker": "tracking",
    "Freeze": "speed only: movement",
    "Heated Weapons": "the extra damage is already included in the attacks",
    "Hellish Rejuvenation": "returns days later",
    "Hold Breath": "breathing",
    "Ice Walk": "terrain",
    "Ignited Illumination": "light",
    "Illumination": "light",
    "Immutable Form": "no modelled effect alters a creature's form",
    "Incorporeal Movement": "moving through creatures and objects: positions",
    "Inscrutable": "social and divination",
    "Iron Scent": "senses",
    "Keen Hearing": "Perception checks only",
    "Keen Hearing and Sight": "Perception checks only",
    "Keen Hearing and Smell": "Perception checks only",
    "Keen Senses": "Perception checks only",
    "Keen Sight": "Perception checks only",
    "Keen Sight and Smell": "Perception checks only",
    "Keen Smell": "Perception checks only",
    "Labyrinthine Recall": "exploration",
    "Light Sensitivity": "bright light is not modelled",
    "Limited Amphibiousness": "breathing",
    "Limited Telepathy": "communication",
    "Mimicry": "social",
    "Night Hag Items": "equipment lore",
    "Probing Telepathy": "social",
    "Reactive Heads": "extra reactions for opportunity attacks only: positions",
    "Rejuvenation": "returns days later",
    "Running Leap": "jumping: movement only",
    "Sense Magic": "senses",
    "Shadow Stealth": "stealth",
    "Shapechanger": "same statistics in each form (forms are separate monsters)",
    "Shark Telepathy": "commands sharks, which are not present",
    "Shielded Mind": "divination",
    "Siege Monster": "objects and structures only",
    "Snow Camouflage": "stealth",
    "Speak with Beasts and Plants": "communication",
    "Spider Climb": "climbing: movement only",
    "Standing Leap": "jumping: movement only",
    "Stone Camouflage": "stealth",
    "Sunlight Sensitivity": "fights are assumed to take place out of sunlight",
    "Sunlight Weakness": "fights are assumed to take place out of sunlight",
    "Surprise Attack": "needs surprise (stealth)",
    "Tail Spike Regrowth": "regrowth after a long rest",
    "Telepathic Bond": "communication",
    "Transparent": "stealth and surprise",
    "Treasure Sense": "senses",
    "Tree Stride": "movement only",
    "Tunneler": "burrowing: movement only",
    "Underwater Camouflage": "stealth",
    "Vampire Weaknesses": "invitation, running water, stakes, sunlight: environment",
    "Variable Illumination": "light",
    "Wakeful": "sleep",
    "Water Breathing": "breathing",
    "Water Form": "entering spaces: positions",
    "Water Susceptibility": "water is not present",
    "Web Sense": "senses",
    "Web Walker": "webs as terrain",
}

# Traits whose numbers are parsed into "trait_rules".
# Reactions that cannot change an arena fight, and why.
NO_EFFECT_REACTIONS = {
    "Shriek": "a noise that calls creatures from beyond the fight",
    "Shield": "protects the wearer of the shield guardian's amulet, whom no arena fight has",
}

FLAG_RULES = {
    "Pack Tactics": "pack_tactics",
    "Magic Resistance": "magic_resistance",
    "Undead Fortitude": "undead_fortitude",
    "Blood Frenzy": "blood_frenzy",
    "Reckless": "reckless",
    "Rampage": "rampage",
    "Flyby": "flyby",
    "Nimble Escape": "nimble_escape",
}
MAGIC_WEAPONS_RE = re.compile(r"weapon attacks are magical")
EXTRA_DICE_RE = re.compile(r"extra \d+ \((\d+d\d+)\) damage")
REGENERATION_RE = re.compile(r"regains (\d+) hit points at the start of its turn")
STOPPED_BY_RE = re.compile(r"If the [\w ]+? takes ([a-z]+)(?: or ([a-z]+))? damage")
RELENTLESS_RE = re.compile(r"takes (\d+) damage or less that would reduce it to 0 hit points")
SPELLCASTING_TRAITS = ("Spellcasting", "Innate Spellcasting")


def trait_base_name(name):
    """'Sneak Attack (1/Turn)' -> 'Sneak Attack', 'Charge (Boar or Hybrid Form Only)' -> 'Charge'."""
    return re.sub(r"\s*\(.*?\)", "", name).strip()


def regeneration_rule(desc):
    """{"hp", "stopped_by", "revives", "needs_hp"} from a Regeneration text."""
    rule = {"hp": int(REGENERATION_RE.search(desc).group(1))}
    stopped = STOPPED_BY_RE.search(desc)
    if stopped:
        rule["stopped_by"] = sorted(t for t in stopped.groups() if t)
    if "dies only if it starts its turn with 0 hit points and doesn't regenerate" in desc:
        rule["revives"] = True
    if "if it has at least 1 hit" in desc:
        rule["needs_hp"] = True
    return rule


def extra_dice(desc):
    return EXTRA_DICE_RE.search(desc).group(1)


def relentless_threshold(desc):
    return int(RELENTLESS_RE.search(desc).group(1))


# Charge, Trampling Charge and Pounce: one rule, "if the <monster> moves at
# least N ft. straight toward a target and then hits it with a <name> attack
# on the same turn", then extra damage, a save, a push, prone, a bonus attack.
CHARGE_RE = re.compile(r"moves at least (\d+) (?:ft\.|feet) straight toward a (?:target|creature) "
                       r"and then hits it with (?:a |an |its )([\w ]+?)(?: attack)? on the same turn")
CHARGE_EXTRA_RE = re.compile(r"takes an extra \d+ \((\d+d\d+)\)(?: ([a-z]+))? damage")
CHARGE_SAVE_RE = re.compile(r"DC (\d+) (\w+) saving throw")
CHARGE_PUSH_RE = re.compile(r"pushed up to (\d+) (?:ft\.|feet)")
CHARGE_BONUS_RE = re.compile(r"can make (?:one|another) (?:attack with its )?([\w ]+?)(?: attack)? "
                             r"against it as a bonus action")


def charge_rule(desc):
    """{"distance", "attack", "extra", "save": {"dc", "ability"}, "push", "prone",
    "bonus_attack"} from a Charge, Trampling Charge or Pounce text (keys
    omitted when the text has no such part; "extra" has no type when the text
    gives none: the attack's own type)."""
    move = CHARGE_RE.search(desc)
    rule = {"distance": int(move.group(1)), "attack": move.group(2)}
    extra = CHARGE_EXTRA_RE.search(desc)
    if extra:
        rule["extra"] = extra.group(1) + (" " + extra.group(2) if extra.group(2) else "")
    save = CHARGE_SAVE_RE.search(desc)
    if save:
        rule["save"] = {"dc": int(save.group(1)), "ability": ABILITY_BY_NAME[save.group(2)]}
    push = CHARGE_PUSH_RE.search(desc)
    if push:
        rule["push"] = int(push.group(1))
    if "knocked prone" in desc:
        rule["prone"] = True
    bonus = CHARGE_BONUS_RE.search(desc)
    if bonus:
        rule["bonus_attack"] = bonus.group(1)
    return rule


def resolve_charge_attacks(monster_name, rules, attacks):
    """Names the charge's attacks as the monster's attacks are named ("tusk"
    -> "Tusks", "hooves" -> "Hooves"); drops a charge whose attack it lacks."""
    charge = rules.get("charge")
    if charge is None:
        return
    names = [a["name"] for a in attacks]
    for key in ("attack", "bonus_attack"):
        if key not in charge:
            continue
        found = [n for n in names if n.lower().startswith(charge[key].lower())]
        if not found:
            warn("%s: charge attack %r not among its attacks" % (monster_name, charge[key]))
            del rules["charge"]
            return
        charge[key] = found[0]


# trait base name -> (trait_rules key, parser of the description)
TRAIT_RULE_PARSERS = {
    "Regeneration": ("regeneration", regeneration_rule),
    "Martial Advantage": ("martial_advantage", extra_dice),
    "Sneak Attack": ("sneak_attack", extra_dice),
    "Relentless": ("relentless", relentless_threshold),
    "Charge": ("charge", charge_rule),
    "Trampling Charge": ("charge", charge_rule),
    "Pounce": ("charge", charge_rule),
}


def trait_rule(monster_name, ability):
    """(key, value) for a recognised trait, or None."""
    name = trait_base_name(ability["name"])
    if name in FLAG_RULES:
        return FLAG_RULES[name], True
    if MAGIC_WEAPONS_RE.search(ability.get("desc", "")):
        return "magic_weapons", True
    if name in TRAIT_RULE_PARSERS:
        key, parse = TRAIT_RULE_PARSERS[name]
        try:
            return key, parse(ability["desc"])
        except AttributeError:          # a regex found nothing
            warn("%s: trait %r not understood" % (monster_name, ability["name"]))
    return None


def legendary_resistance(monster):
    """Uses per day of the "Legendary Resistance (3/Day)" trait, or None."""
    for ability in monster.get("special_abilities", []):
        if trait_base_name(ability["name"]) == "Legendary Resistance":
            usage = ability.get("usage") or {}
            if usage.get("type") == "per day":
                return usage["times"]
            match = re.search(r"\((\d+)/Day\)", ability["name"])
            if match:
                return int(match.group(1))
    return None


def spells_matter(spellcasting, spells_by_name):
    """True if the monster has a modelled spell or a spell with damage in
    Spells.json (modelled or not); its spellcasting traits then stay out of
    no_effect."""
    if spellcasting is None:
        return False
    return bool(spellcasting["spells"]) or any(
        (spells_by_name.get(name.lower()) or {}).get("damage")
        for name in spellcasting["not_modelled"])


def death_bursts(monster):
    """SAVE_ACTIONs with "death_burst": true for a "Death Burst" trait (magmin,
    mephits): the save its death forces on the creatures around it."""
    bursts = []
    for ability in monster.get("special_abilities", []):
        if trait_base_name(ability["name"]) != "Death Burst":
            continue
        burst = convert_save_action(monster["name"], ability["name"], ability["desc"])
        if burst is not None:
            burst["death_burst"] = True
            bursts.append(burst)
    return bursts


# "When a creature the devil can see starts its turn within 30 feet of the devil"
TURN_START_RE = re.compile(r"^When a creature [\w' ]*?starts its turn within (\d+) feet of")


def turn_start_reactions(monster):
    """SAVE_ACTIONs with "turn_start_reaction" for the reactions that force a
    save on a creature starting its turn near the monster (Unnerving Mask)."""
    found = []
    for reaction in monster.get("reactions", []):
        trigger = TURN_START_RE.search(reaction["desc"])
        save = trigger and convert_save_action(monster["name"], reaction["name"], reaction["desc"])
        if save:
            save["turn_start_reaction"] = int(trigger.group(1))
            found.append(save)
    return found


# "When a pudding that is Medium or larger is subjected to lightning or
# slashing damage, it splits into two new puddings if it has at least 10 hit
# points."
SPLIT_RE = re.compile(r"that is (\w+) or larger is subjected to (\w+) or (\w+) damage, "
                      r"it splits into two new \w+ if it has at least (\d+) hit points")


# "If a rock or similar object is hurled at the giant, the giant can, with a
# successful DC 10 Dexterity saving throw, catch the missile"
ROCK_CATCHING_RE = re.compile(r"with a successful DC (\d+) (\w+) saving throw, catch the missile")


def split_rule(reaction):
    """The "split" trait rule of a Split reaction (black pudding, ochre jelly), or None."""
    match = SPLIT_RE.search(reaction["desc"]) if reaction["name"] == "Split" else None
    if match is None:
        return None
    return {"min_size": match.group(1).lower(), "types": [match.group(2), match.group(3)],
            "min_hp": int(match.group(4))}


def convert_traits(monster, has_spells):
    """(trait_rules, names of the traits that are not modelled).

    Legendary Resistance is handled by "legendary_resistance" and the
    spellcasting traits by "spellcasting"; a spellcasting trait of a monster
    none of whose spells is modelled goes into no_effect.
    """
    rules, no_effect, unmodelled = {}, [], []
    for ability in monster.get("special_abilities", []):
        name = ability["name"]
        base = trait_base_name(name)
        rule = trait_rule(monster["name"], ability)
        if rule is not None:
            rules[rule[0]] = rule[1]
        elif base == "Legendary Resistance" or (base in SPELLCASTING_TRAITS and has_spells):
            continue                # handled by their own fields
        elif base in NO_EFFECT_TRAITS or base in SPELLCASTING_TRAITS:
            no_effect.append(name)
        else:
            unmodelled.append(name)
    swallow = swallow_rule(monster)
    if swallow is not None:
        rules["swallow"] = swallow
        # The cube's space, its total cover and its capacity: its Engulf.
        unmodelled = [name for name in unmodelled if name != "Ooze Cube"]
    if no_effect:
        rules["no_effect"] = no_effect
    return rules, unmodelled


# ---------------------------------------------------------------------------
# monsters: Swallow

# "it takes 21 (6d6) acid damage at the start of each of the behir's turns"
DIGEST_RE = re.compile(r"takes \d+ \((\d+d\d+)\) (\w+) damage at the start of each of")
# "If the behir takes 30 damage or more on a single turn from the swallowed
# creature, the behir must succeed on a DC 14 Constitution saving throw at
# the end of that turn or regurgitate"
REGURGITATE_RE = re.compile(r"takes (\d+) damage or more on a single turn from (?:a|the swallowed) "
                            r"creature[^.]*?DC (\d+) Constitution saving throw[^.]*regurgitate")
# "An engulfed creature can try to escape by taking an action to make a DC 12
# Strength check."
ESCAPE_CHECK_RE = re.compile(r"escape by taking an action to make a DC (\d+) Strength check")
# "it must succeed on a DC 14 Constitution saving throw at the start of each of the
# mound's turns or take 13 (2d8 + 4) bludgeoning damage"
DIGEST_SAVE_RE = re.compile(r"must succeed on a DC (\d+) (\w+) saving throw at the start of each "
                            r"of the [\w ]+'s turns or take \d+ \(([\dd +]+)\) (\w+) damage")
# "If both attacks hit a Medium or smaller target, the target is grappled (escape
# DC 14), and the shambling mound uses its Engulf on it."
MULTIATTACK_ENGULF_RE = re.compile(r"If both attacks hit [^.]*grappled \(escape DC (\d+)\)"
                                   r"[^.]*uses its Engulf")
ONLY_ONE_INSIDE_RE = re.compile(r"only one (?:creature|target) (?:swallowed|engulfed) at a time")
# Ooze Cube: "The cube can hold only one Large creature or up to four Medium or smaller
# creatures inside it at a time."
HOLDS_RE = re.compile(r"up to (\w+) Medium or smaller creatures inside it")
# "On a failed save, the cube enters the creature's space, and the creature takes
# 10 (3d6) acid damage and is engulfed."
ENGULF_FAILURE_RE = re.compile(r"takes \d+ \((\d+d\d+)\) (\w+) damage and is engulfed")
# A Swallow action: "makes one bite attack against a ... target it is grappling".
SWALLOW_BITE_RE = re.compile(r"makes one (\w+) attack against [^.]*\bit is grappling\b")


def swallow_rule(monster):
    """{"damage", "escape_damage"?, "escape_dc"?, "escape_check"?, "blinds"?,
    "holds"?} of a monster that swallows (a Swallow action, or a bite that
    swallows on a failed save) or engulfs (the gelatinous cube), or None."""
    for action in monster.get("actions", []):
        desc = action["desc"]
        digest = DIGEST_RE.search(desc)
        saved = DIGEST_SAVE_RE.search(desc)
        if not (digest or saved) or not ("swallow" in desc or "engulf" in desc):
            continue
        if digest:
            rule = {"damage": "%s %s" % (digest.group(1), digest.group(2))}
        else:
            rule = {"damage": "%s %s" % (dice(saved.group(3)), saved.group(4)),
                    "save": {"ability": ABILITY_BY_NAME[saved.group(2)],
                             "dc": int(saved.group(1))}}
        after = multiattack_engulf(monster)
        if after is not None:
            rule["escape_check"] = after
            rule["after_multiattack"] = True
        escape = REGURGITATE_RE.search(desc)
        if escape:
            rule["escape_damage"] = int(escape.group(1))
            rule["escape_dc"] = int(escape.group(2))
        check = ESCAPE_CHECK_RE.search(desc)
        if check:
            rule["escape_check"] = int(check.group(1))
        if "blinded" not in desc:
            rule["blinds"] = False
        if "exiting prone" in desc:
            rule["exits_prone"] = True
        holds = swallow_capacity(monster, desc)
        if holds:
            rule["holds"] = holds
        return rule
    return None


def multiattack_engulf(monster):
    """The grapple's escape DC of a monster whose multiattack engulfs a target
    that all its attacks hit (the shambling mound), or None."""
    for action in monster.get("actions", []):
        match = MULTIATTACK_ENGULF_RE.search(action["desc"])
        if action["name"] == "Multiattack" and match:
            return int(match.group(1))
    return None


def swallow_capacity(monster, desc):
    """How many creatures a swallower holds at once: one when its text says
    "only one creature swallowed at a time"; for the gelatinous cube, the
    four Medium ones its Ooze Cube trait allows (one Large is not told
    apart); 0 for no limit."""
    if ONLY_ONE_INSIDE_RE.search(desc):
        return 1
    for ability in monster.get("special_abilities", []):
        match = HOLDS_RE.search(ability["desc"])
        if match:
            return NUMBER_WORDS[match.group(1)]
    return 0


def engulf_action(action):
    """The SAVE_ACTION of a gelatinous cube's Engulf: the save, the damage on
    a failure, and "swallowed" (engulfed); None for another text (the
    shambling mound's Engulf follows two hits on a grappled target)."""
    desc = action["desc"]
    save = SAVE_RE.search(desc)
    failure = ENGULF_FAILURE_RE.search(desc)
    if save is None or failure is None:
        return None
    return {"name": action["name"], "ability": ABILITY_BY_NAME[save.group(2)],
            "dc": int(save.group(1)),
            "damage": "%s %s" % (failure.group(1), failure.group(2)),
            "half_on_success": False, "conditions": [{"name": "swallowed"}],
            "effect": " ".join(s for s in sentences(desc)
                               if ("saving throw" in s or "engulfed" in s)
                               and "chooses not" not in s)}


def swallow_attack(action, attacks):
    """The ATTACK of a Swallow action: its bite, whose hit swallows a target
    the monster grapples (instead of the bite's own grapple), or None."""
    match = SWALLOW_BITE_RE.search(action["desc"])
    if match is None:
        return None
    bite = next((a for a in attacks if a["name"].lower() == match.group(1).lower()), None)
    if bite is None:
        return None
    attack = {key: value for key, value in bite.items()
              if key not in ("save", "hit_conditions", "name")}
    attack = dict({"name": action["name"]}, **attack)
    attack["hit_conditions"] = [{"name": "swallowed", "needs_grapple": True}]
    return attack


# ---------------------------------------------------------------------------
# monsters: spellcasting

# Spells that deal damage (per Spells.json) but cannot be modelled as a
# one-off attack, save or automatic hit when cast.  One reason per entry.
NOT_MODELLED_SPELLS = {
    "Blade Barrier": "deals damage only to creatures entering or starting a turn in the wall",
    "Cloudkill": "deals damage only to creatures entering or starting a turn in the fog",
    "Dimension Door": "the damage hits only the caster, on a failed teleport",
    "Dream": "needs a sleeping target",
    "Fire Shield": "damage to attackers (a reaction-like aura)",
    "Guardian of Faith": "deals damage only to creatures moving near the guardian",
    "Harm": "can't reduce the target below 1 hit point and reduces its hit point maximum",
    "Heat Metal": "needs a metal object worn or carried by the target",
    "Hold Person": "humanoids only: target types are not modelled",
    "Sleep": "a hit point pool that puts creatures to sleep, not damage",
    "Spiritual Weapon": "a bonus-action weapon that persists for a minute",
}

# Corrections and additions to Spells.json for spells that monsters cast, each
# from the spell's own text:
#   "per_target": damage of each dart/ray, in place of the total in the data;
#   "count", "count_per_slot": darts/rays per cast and extra ones per slot level;
#   "damage_types": the types of the "+"-separated parts of the damage dice
#     (the data gives only one type for the whole);
#   "area": the spell's real area (None: a single target).
SPELL_FIXES = {
    # "You create three glowing darts ... A dart deals 1d4 + 1 force damage ...
    # one more dart for each slot level above 1st."
    "Magic Missile": {"per_target": "1d4+1", "count": 3, "count_per_slot": 1},
    # "three rays ... 2d6 fire damage ... one additional ray for each slot level above 2nd."
    "Scorching Ray": {"per_target": "2d6", "count": 3, "count_per_slot": 1},
    # "2d8 bludgeoning damage and 4d6 cold damage"
    "Ice Storm": {"damage_types": ["bludgeoning", "cold"]},
    # "4d6 fire damage and 4d6 radiant damage" in a "10-foot-radius, 40-foot-high
    # cylinder" (the data gives the height as the size)
    "Flame Strike": {"damage_types": ["fire", "radiant"], "area": {"shape": "cylinder", "size": 10}},
    # a ray at one target; the data's 10-foot cube is the part of a huge object it destroys
    "Disintegrate": {"area": None},
}

# Conditions of spells without damage that are modelled all the same:
# "paralyzed for the duration ... can make a new saving throw" (hold monster),
# "blinded or deafened (your choice) for the duration ... can make a
# constitution saving throw" (blindness/deafness).  Durations come from the
# spell's "duration" field.
SPELL_CONDITIONS = {
    "Hold Monster": "paralyzed",
    "Blindness/Deafness": "blinded",
}

SPELL_DC_RE = re.compile(r"spell save DC (\d+)")
SPELL_ATTACK_RE = re.compile(r"([+-]\d+) to hit with spell attacks")
DICE_TERM_RE = re.compile(r"^\d+(d\d+)?$")


def spell_damage_string(spell, text):
    """'8d6 fire' / '10d6+40 force' / '2d8 bludgeoning + 4d6 cold' from a
    Spells.json damage text such as '2d8 + 4d6', or None if it cannot be written
    in the damage-string format (e.g. '1d8 + MOD')."""
    terms = [t.strip() for t in text.split("+")]
    if not all(DICE_TERM_RE.match(t) for t in terms):
        return None
    fix = SPELL_FIXES.get(spell["name"], {})
    types = fix.get("damage_types")
    if types is None:
        damage_type = spell["damage"].get("damage_type", {}).get("index")
        if damage_type is None or sum("d" in t for t in terms) > 1:
            return None         # several dice terms need a type each
        return "%s %s" % ("+".join(terms), damage_type)
    if len(types) != len(terms):
        return None
    return " + ".join("%s %s" % pair for pair in zip(terms, types))


def spell_damage(spell, levels, caster_level):
    """{"<level>": damage string} for the given cast levels, {} without damage,
    or None when a damage text cannot be converted.  Cantrips give one key "0"
    with the damage at the caster level."""
    damage = spell.get("damage") or {}
    per_target = SPELL_FIXES.get(spell["name"], {}).get("per_target")
    if spell["level"] == 0:
        table = damage.get("damage_at_character_level") or {}
        steps = [int(k) for k in table if int(k) <= caster_level]
        if not steps:
            return {}
        texts = {"0": table[str(max(steps))]}
    else:
        table = damage.get("damage_at_slot_level") or {}
        texts = {str(level): table[str(level)] for level in levels if str(level) in table}
    result = {}
    for level, text in texts.items():
        text = per_target or text
        converted = spell_damage_string(spell, text)
        if converted is None:
            return None
        result[level] = converted
    return result


def spell_duration_rounds(spell):
    """Rounds of "1 minute" / "Up to 1 minute" etc., or None."""
    match = re.search(r"(\d+) (minute|hour|day)", spell.get("duration", ""))
    return int(match.group(1)) * ROUNDS_PER_UNIT[match.group(2)] if match else None


def spell_conditions(spell):
    name = SPELL_CONDITIONS.get(spell["name"])
    if name is None:
        return []
    condition = {"name": name}
    rounds = spell_duration_rounds(spell)
    if rounds is not None:
        condition["duration"] = rounds
    condition["repeat_save"] = True
    return [condition]


def convert_spell(entry, spell, levels, caster_level):
    """SPELL for one spell of a monster, or (None, reason) when it is not modelled.

    entry is the monster's spell entry (name, level, usage), spell the
    Spells.json record, levels the slot levels it can be cast at.
    """
    if spell["name"] in NOT_MODELLED_SPELLS:
        return None, NOT_MODELLED_SPELLS[spell["name"]]
    damage = spell_damage(spell, levels, caster_level)
    if damage is None:
        return None, "damage text not understood"
    conditions = spell_conditions(spell)
    if not damage and not conditions:
        return None, "no damage"
    result = {"name": spell["name"], "level": spell["level"]}
    usage = entry.get("usage") or {}
    if usage.get("type") == "per day":
        result["per_day"] = usage["times"]
    fix = SPELL_FIXES.get(spell["name"], {})
    if spell.get("attack_type"):
        result["attack"] = spell["attack_type"]
    elif spell.get("dc"):
        result["save"] = {"ability": spell["dc"]["dc_type"]["index"]}
        if damage:
            result["save"]["half_on_success"] = spell["dc"].get("dc_success") == "half"
    else:
        result["auto_hit"] = True
    for key in ("count", "count_per_slot"):
        if key in fix:
            result[key] = fix[key]
    if damage:
        result["damage"] = damage
    area = fix["area"] if "area" in fix else spell.get("area_of_effect")
    if area:
        result["area"] = {"shape": area.get("shape", area.get("type")), "size": area["size"]}
    if conditions:
        result["conditions"] = conditions
    return result, None


def caster_numbers(ability):
    """(dc, attack bonus) of a spellcasting trait; either may be None.

    The dc comes from the data, else from "spell save DC N" in the text.  The
    attack bonus comes from "+N to hit with spell attacks" in the text only:
    the data's "modifier" agrees with it wherever both exist, and where the
    text has none the data's value is not a to-hit bonus (the drow's 0).
    """
    dc = ability["spellcasting"].get("dc")
    if dc is None:
        match = SPELL_DC_RE.search(ability["desc"])
        dc = int(match.group(1)) if match else None
    match = SPELL_ATTACK_RE.search(ability["desc"])
    attack = int(match.group(1)) if match else None
    return dc, attack


def convert_spellcasting(monster, spells_by_name):
    """SPELLCASTING merged from the "Spellcasting" and "Innate Spellcasting"
    traits, or None.  The first trait gives the default dc/attack; a spell of a
    trait with other numbers carries its own "dc"/"to_hit"."""
    traits = [a for a in monster.get("special_abilities", []) if "spellcasting" in a]
    if not traits:
        return None
    default_dc, default_attack = caster_numbers(traits[0])
    result = {}
    if default_dc is not None:
        result["dc"] = default_dc
    if default_attack is not None:
        result["attack"] = default_attack
    slots = {}
    for ability in traits:
        slots.update(ability["spellcasting"].get("slots") or {})
    if slots:
        result["slots"] = {k: slots[k] for k in sorted(slots, key=int)}
    top_slot = max((int(k) for k in slots), default=0)
    modelled, not_modelled, seen = [], [], set()
    for ability in traits:
        data = ability["spellcasting"]
        dc, attack = caster_numbers(ability)
        caster_level = data.get("level", 1)     # innate casters have no level: 1
        innate = "slots" not in data
        for entry in data.get("spells", []):
            if entry["name"] in seen:
                continue
            seen.add(entry["name"])
            spell = spells_by_name.get(entry["name"].lower())
            if spell is None:
                warn("%s: spell %r not in Spells.json" % (monster["name"], entry["name"]))
                not_modelled.append(entry["name"])
                continue
            at_will = (entry.get("usage") or {}).get("type") in ("at will", "per day")
            levels = [spell["level"]] if innate or at_will else range(spell["level"], top_slot + 1)
            converted, _ = convert_spell(entry, spell, levels, caster_level)
            needs_dc = converted is not None and "save" in converted
            needs_attack = converted is not None and "attack" in converted
            if converted is None or (needs_dc and dc is None) or (needs_attack and attack is None):
                not_modelled.append(entry["name"])
                continue
            if needs_dc and dc != default_dc:
                converted["dc"] = dc
            if needs_attack and attack != default_attack:
                converted["to_hit"] = attack
            modelled.append(converted)
    result["spells"] = modelled
    result["not_modelled"] = not_modelled
    return result


# ---------------------------------------------------------------------------
# monsters: the rest of the stat block

def armor_class(monster):
    """(ac, ac_source) from the first armor_class entry (the stat block's main AC;
    later entries are alternatives such as mage armor), but for "natural armor,
    shield" (azer, lizardfolk): the data lists the natural armor, then the AC
    with the shield, which is the stat block's."""
    entries = monster["armor_class"]
    entry = entries[0]
    if (entry["type"] == "natural" and len(entries) > 1 and entries[1]["type"] == "armor"
            and [a["name"] for a in entries[1].get("armor", [])] == ["Shield"]):
        return entries[1]["value"], "natural armor, shield"
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


def has_magic_weapons(monster):
    return any(MAGIC_WEAPONS_RE.search(a.get("desc", ""))
               for a in monster.get("special_abilities", []))


AT_RANGE_RE = re.compile(r"damage in melee or \d+ \((%s)\) ([a-z]+) damage at range" % PRINTED_DICE)


def split_thrown_damage(attack, action):
    """[ATTACK...]: the attack, or, for a melee or ranged attack that deals
    other damage at range ("9 (2d6 + 2) piercing damage in melee or 5 (1d6 +
    2) piercing damage at range": the bugbear's javelin), the melee attack
    and "NAME (thrown)" at its range with the printed damage there."""
    at_range = AT_RANGE_RE.search(action.get("desc", ""))
    if not at_range or "reach" not in attack or "range" not in attack:
        return [attack]
    melee = {key: value for key, value in attack.items() if key != "range"}
    thrown = {key: value for key, value in attack.items() if key not in ("reach", "alternatives")}
    thrown["name"] = attack["name"] + " (thrown)"
    thrown["damage"] = "%s %s" % (dice(at_range.group(1)), at_range.group(2))
    return [melee, thrown]


def convert_actions(monster):
    """(attacks, save actions, multiattack action, names not converted) of the
    monster's "actions"."""
    magic = has_magic_weapons(monster)
    attacks, save_actions, not_converted = [], [], []
    multiattack_action = None
    for action in monster.get("actions", []):
        if action["name"] == "Multiattack":
            multiattack_action = action
            continue
        attack = convert_attack(monster["name"], action, magic)
        if attack is None and action["name"] == "Swallow":
            attack = swallow_attack(action, attacks)
        if attack is None and action["name"] == "Engulf":
            engulf = engulf_action(action)
            if engulf is not None:
                save_actions.append(engulf)
                continue
        if attack is not None:
            attacks.extend(split_thrown_damage(attack, action))
        elif "attack_bonus" in action:
            not_converted.append(action["name"])
        else:
            converted, left = convert_save_actions(monster["name"], action)
            save_actions.extend(converted)
            not_converted.extend(left)
    return attacks, save_actions, multiattack_action, not_converted


def convert_monster(monster, stats, spells_by_name):
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
    subtype = (monster.get("subtype") or "").lower()
    if subtype and subtype != "any race":
        entry["subtypes"] = [subtype]
    saves = saving_throws(monster)
    if saves:
        entry["saves"] = saves

    attacks, save_actions, multiattack_action, not_converted = convert_actions(monster)
    entry["attacks"] = attacks
    # Multiattack options and legendary options may name attacks and save actions.
    action_names = [a["name"] for a in attacks] + [a["name"] for a in save_actions]

    if multiattack_action is not None:
        names = {a["name"] for a in attacks}
        thrown_names = [a["name"] for a in attacks
                        if ("reach" in a and "range" in a) or a["name"] + " (thrown)" in names]
        options, dropped = convert_multiattack(monster, multiattack_action, action_names,
                                               thrown_names)
        if options:
            entry["multiattack"] = options
            stats["multiattacks"] += 1
        else:
            warn("%s: multiattack has no attack in it; left out" % monster["name"])
        not_converted.extend("Multiattack: " + name for name in dropped)

    entry["resistances"] = [s.lower() for s in monster.get("damage_resistances", [])]
    entry["immunities"] = [s.lower() for s in monster.get("damage_immunities", [])]
    entry["vulnerabilities"] = [s.lower() for s in monster.get("damage_vulnerabilities", [])]
    # Each once: the 5e-database lists "blinded" twice for six monsters whose
    # SRD entry reads "blinded, deafened" (arena models no deafened).
    entry["condition_immunities"] = list(dict.fromkeys(
        c["name"].lower() for c in monster.get("condition_immunities", [])))
    entry["traits"] = [a["name"] for a in monster.get("special_abilities", [])]

    legendary, legendary_saves, legendary_left = convert_legendary(monster, action_names)
    save_actions.extend(legendary_saves)
    not_converted.extend(legendary_left)
    not_converted.extend("Reaction: " + a["name"] for a in monster.get("reactions", []))
    entry["actions_not_converted"] = not_converted
    bursts = death_bursts(monster)
    save_actions.extend(bursts)
    save_actions.extend(turn_start_reactions(monster))

    # New fields, each omitted when empty.
    if save_actions:
        entry["save_actions"] = save_actions
    if legendary is not None:
        entry["legendary"] = legendary
    resistance = legendary_resistance(monster)
    if resistance is not None:
        entry["legendary_resistance"] = resistance
    spellcasting = convert_spellcasting(monster, spells_by_name)
    rules, unmodelled = convert_traits(monster, spells_matter(spellcasting, spells_by_name))
    if rules.get("swallow", {}).get("after_multiattack"):   # its Engulf is the rule's
        not_converted[:] = [n for n in not_converted if n not in ("Engulf", "Multiattack: Engulf")]
    unmodelled = [name for name in unmodelled if name not in [b["name"] for b in bursts]]
    resolve_charge_attacks(monster["name"], rules, attacks)
    for reaction in monster.get("reactions", []):
        if reaction["name"] in NO_EFFECT_REACTIONS:
            rules.setdefault("no_effect", []).append("Reaction: " + reaction["name"])
        split = split_rule(reaction)
        if split is not None:
            rules["split"] = split
        catching = ROCK_CATCHING_RE.search(reaction["desc"])
        if reaction["name"] == "Rock Catching" and catching:
            rules["rock_catching"] = {"ability": ABILITY_BY_NAME[catching.group(2)],
                                      "dc": int(catching.group(1))}
    if rules:
        entry["trait_rules"] = rules
    if spellcasting is not None:
        entry["spellcasting"] = spellcasting

    stats["attacks"] += len(attacks)
    stats["save_actions"] += len(save_actions)
    stats["legendary_options"] += len(legendary["options"]) if legendary else 0
    stats["trait_rules"] += len([k for k in rules if k != "no_effect"])
    stats["no_effect"] += len(rules.get("no_effect", []))
    stats["spells_modelled"] += len(spellcasting["spells"]) if spellcasting else 0
    stats["spells_not_modelled"] += len(spellcasting["not_modelled"]) if spellcasting else 0
    stats["not_converted"] += len(not_converted)
    stats["unmodelled_traits"].extend(unmodelled)
    return entry


def convert_monsters(monsters, spells):
    stats = {"attacks": 0, "multiattacks": 0, "not_converted": 0, "save_actions": 0,
             "legendary_options": 0, "trait_rules": 0, "no_effect": 0,
             "spells_modelled": 0, "spells_not_modelled": 0, "unmodelled_traits": []}
    spells_by_name = {s["name"].lower(): s for s in spells}
    result = [convert_monster(m, stats, spells_by_name) for m in monsters]
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
        for a in m.get("save_actions", []):
            check("%s: %s (save action)" % (m["name"], a["name"]), a.get("damage"))
        for spell in m.get("spellcasting", {}).get("spells", []):
            for level, text in spell.get("damage", {}).items():
                check("%s: %s (spell, level %s)" % (m["name"], spell["name"], level), text)
    return bad


def source_action(monster, name):
    """The SRD action (or breath weapon paragraph) behind an actions_not_converted
    entry, as {"desc", "damage"?}, or None for "Multiattack: X" entries."""
    for prefix, key in (("Legendary: ", "legendary_actions"), ("Reaction: ", "reactions"),
                        ("", "actions")):
        if not name.startswith(prefix):
            continue
        if prefix == "" and ": " in name:
            group, option = name.split(": ", 1)
            if group == "Multiattack":
                return None
            action = next((a for a in monster.get("actions", []) if a["name"] == group), None)
            text = breath_option_desc(action["desc"], option) if action else None
            return {"desc": text} if text else None
        return next((a for a in monster.get(key, []) if a["name"] == name[len(prefix):]), None)
    return None


def has_effect(action):
    """True if an SRD action deals damage or imposes a modelled condition (a
    condition word counts only in a text with a save or a hit, so that "ends if
    the knight is incapacitated" does not)."""
    desc = action.get("desc", "")
    imposes = CONDITION_RE.search(desc) and (SAVE_RE.search(desc) or "Hit:" in desc)
    return bool(action.get("damage") or DAMAGE_TEXT_RE.search(desc)
                or imposes or GRAPPLE_RE.search(desc))


def print_coverage(monsters_in, monsters, stats):
    """What is left: unconverted actions with damage or conditions, and traits
    that are neither in trait_rules nor in no_effect, with the commonest names."""
    by_name = {m["name"]: m for m in monsters_in}
    left = []
    for m in monsters:
        # A reaction read as a save stays listed for `arena library coverage`.
        reactions = {"Reaction: " + s["name"] for s in m.get("save_actions", [])
                     if "turn_start_reaction" in s}
        for name in m["actions_not_converted"]:
            if name in reactions:
                continue
            action = source_action(by_name[m["name"]], name)
            if action is not None and has_effect(action):
                left.append(COST_RE.sub("", name))
    traits = stats["unmodelled_traits"]

    def commonest(names):
        counts = {}
        for name in names:
            counts[name] = counts.get(name, 0) + 1
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:15]
        return ", ".join("%s %d" % item for item in ranked)

    warn("coverage: %d unconverted actions deal damage or impose conditions: %s"
         % (len(left), commonest(left)))
    warn("coverage: %d traits are neither ruled nor no_effect: %s"
         % (len(traits), commonest(traits)))


def parse_args():
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--srd", default=os.path.join(repo_root, "..", "shared", "data", "srd-5.1"),
                        help="folder with Equipment.json, Monsters.json and Spells.json")
    parser.add_argument("--out", default=os.path.join(repo_root, "lib", "data", "dnd5e"),
                        help="folder to write weapons.json, armor.json, monsters.json into")
    return parser.parse_args()


def main():
    args = parse_args()
    equipment = load_json(os.path.join(args.srd, "Equipment.json"))
    monsters_in = load_json(os.path.join(args.srd, "Monsters.json"))
    spells = load_json(os.path.join(args.srd, "Spells.json"))

    weapons = convert_weapons(equipment)
    armor = convert_armor(equipment)
    monsters, stats = convert_monsters(monsters_in, spells)

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
    warn("save actions %d, legendary options %d, trait rules %d, no_effect traits %d, "
         "spells modelled %d / not modelled %d"
         % (stats["save_actions"], stats["legendary_options"], stats["trait_rules"],
            stats["no_effect"], stats["spells_modelled"], stats["spells_not_modelled"]))
    print_coverage(monsters_in, monsters, stats)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
