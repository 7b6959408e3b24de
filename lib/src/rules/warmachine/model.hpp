// A Warmachine model (seed 003): a warjack's or warbeast's stat line, its
// ranged and melee weapons, and the focus its warcaster gives it each turn.
// Distances are inches, bases millimetres. Plain values; thread-safe.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arena::warmachine {

// The special rules a weapon or a model may have, as bits.
enum class Special : std::uint8_t {
  Arcing = 1u << 0,               // shoots over intervening models (no effect on a line)
  CriticalKnockdown = 1u << 1,    // a critical hit knocks the target down
  CriticalDevastation = 1u << 2,  // ...and throws a base under 120 mm back a d6
  Stealth = 1u << 3,              // ranged attacks from beyond 5" miss it
  Gunfighter = 1u << 4,           // may shoot in melee at 0.5" and closer
  CritAmp = 1u << 5,              // critical amputation: recorded, played as a plain hit
};

using Specials = std::uint8_t;

// The set of one special.
constexpr Specials bits(Special s) {
  return static_cast<Specials>(s);
}

inline bool has(Specials set, Special s) {
  return (set & static_cast<Specials>(s)) != 0;
}

// The names as files and the library write them ("critical knockdown").
std::span<const std::string_view> special_names();
std::string_view name(Special s);
std::optional<Special> parse_special(std::string_view text);
// "arcing, critical knockdown" ("" for none).
std::string specials_text(Specials set);

struct RangedWeapon {
  std::string name;
  double rng = 0;  // inches
  int pow = 0;
  double aoe = 0;  // diameter in inches; 0: no area of effect
  Specials special = 0;
};

struct MeleeWeapon {
  std::string name;
  double rng = 0.5;  // inches
  int pow = 0;       // a hit deals P+S: this plus the model's STR
  Specials special = 0;
};

struct Model {
  std::string name;
  int spd = 0, str = 0, mat = 0, rat = 0, def = 0, arm = 0;
  double base = 30;      // diameter in mm
  int boxes = 1;         // damage boxes; destroyed at 0
  int focus = 0;         // allocated each turn by the warcaster
  Specials special = 0;  // the model's own (stealth)
  std::vector<RangedWeapon> ranged;
  std::vector<MeleeWeapon> melee;
  std::string note;  // where the library chose a value the seed does not give

  // The longest melee range (0 without melee weapons). Inline: the battle
  // asks it at every engagement check.
  double melee_range() const {
    double reach = 0;
    for (const MeleeWeapon& w : melee) reach = std::max(reach, w.rng);
    return reach;
  }
};

// A knocked-down model has DEF 5 (Warmachine's rule). The seed's shot()
// leaves this to the caller ("DEF should include effect of being knocked
// down"), so the battle and `arena shoot` pass the target through this.
inline constexpr int kKnockedDownDef = 5;

inline Model as_knocked_down(Model m) {
  m.def = std::min(m.def, kKnockedDownDef);
  return m;
}

}  // namespace arena::warmachine
