#include "arena/tally.hpp"

#include <array>

namespace arena {

namespace {

void merge_counts(std::vector<std::int64_t>& into, const std::vector<std::int64_t>& from) {
  ARENA_CHECK(into.size() == from.size());
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

void merge_histograms(std::vector<Histogram>& into, const std::vector<Histogram>& from) {
  ARENA_CHECK(into.size() == from.size());
  for (std::size_t i = 0; i < into.size(); ++i) into[i].merge(from[i]);
}

}  // namespace

Tally::~Tally() = default;
Tally::Tally(const Tally&) = default;
Tally::Tally(Tally&&) noexcept = default;
Tally& Tally::operator=(const Tally&) = default;
Tally& Tally::operator=(Tally&&) noexcept = default;

Tally::Tally(const Encounter& encounter)
    : factions(encounter.factions.size()), combatants(encounter.combatants.size()) {
  for (FactionTally& f : factions) {
    f.figures.assign(encounter.faction_figures.size(), 0);
    f.measures.resize(encounter.measures.size());
  }
  for (CombatantTally& c : combatants) {
    c.figures.assign(encounter.figures.size(), 0);
    c.measures.resize(encounter.measures.size());
  }
}

void Tally::add(const Encounter& encounter, const BattleOutcome& outcome,
                std::span<const CombatantResult> results) {
  ++battles;
  rounds.add(outcome.rounds);
  if (outcome.winner < 0) {
    ++draws;
    stalemates += outcome.stalemate;
  } else {
    ++factions[static_cast<std::size_t>(outcome.winner)].wins;
  }
  // The counts are read once: a histogram's rare growth is out of line,
  // and might change the vectors as far as the compiler knows.
  const std::size_t combatant_count = combatants.size(), faction_count = factions.size();
  // One pass over the combatants sums each faction's figures as it goes: a
  // battle's tally is a few histogram adds per creature, so walking each
  // faction's member list again would cost as much as the adds.
  std::array<int, kMaxFactions> survivors{}, deaths{}, dealt{}, taken{};
  for (std::size_t c = 0; c < combatant_count; ++c) {
    const CombatantResult& r = results[c];
    const auto f = static_cast<std::size_t>(encounter.combatants[c].faction);
    survivors[f] += r.fate == Fate::Standing || r.fate == Fate::Down;
    deaths[f] += r.fate == Fate::Dead;
    dealt[f] += r.damage_dealt;
    taken[f] += r.damage_taken;
    CombatantTally& t = combatants[c];
    t.down += r.fate == Fate::Down;
    t.dead += r.fate == Fate::Dead;
    t.absent += r.fate == Fate::Absent;
    t.damage_dealt.add(r.damage_dealt);
    t.damage_taken.add(r.damage_taken);
    t.kills.add(r.kills);
    t.knockouts.add(r.knockouts);
  }
  for (std::size_t f = 0; f < faction_count; ++f) {
    FactionTally& t = factions[f];
    t.losses += deaths[f] > 0;
    t.survivors.add(survivors[f]);
    t.damage_dealt.add(dealt[f]);
    t.damage_taken.add(taken[f]);
  }
  // What only some rulesets declare, behind one test each.
  if (!encounter.faction_figures.empty()) {
    for (std::size_t f = 0; f < factions.size(); ++f) {
      std::vector<std::int64_t>& figures = factions[f].figures;
      for (std::size_t i = 0; i < figures.size(); ++i)
        figures[i] += (outcome.faction_figures >> (f * kMaxFactionFigures + i)) & 1u;
    }
  }
  if (!encounter.measures.empty()) {
    for (std::size_t f = 0; f < factions.size(); ++f) {
      for (std::size_t i = 0; i < factions[f].measures.size(); ++i) {
        int sum = 0;
        for (int member : encounter.factions[f].members)
          sum += results[static_cast<std::size_t>(member)].measures[i];
        factions[f].measures[i].add(sum);
      }
    }
    for (std::size_t c = 0; c < combatants.size(); ++c) {
      for (std::size_t i = 0; i < combatants[c].measures.size(); ++i)
        combatants[c].measures[i].add(results[c].measures[i]);
    }
  }
  if (encounter.figures.empty()) return;
  for (std::size_t c = 0; c < combatants.size(); ++c) {
    std::vector<std::int64_t>& figures = combatants[c].figures;
    for (std::size_t i = 0; i < figures.size(); ++i) figures[i] += (results[c].figures >> i) & 1u;
  }
}

void Tally::merge(const Tally& other) {
  if (factions.empty() && combatants.empty()) {
    *this = other;
    return;
  }
  ARENA_CHECK(factions.size() == other.factions.size());
  ARENA_CHECK(combatants.size() == other.combatants.size());
  battles += other.battles;
  draws += other.draws;
  stalemates += other.stalemates;
  rounds.merge(other.rounds);
  for (std::size_t f = 0; f < factions.size(); ++f) {
    factions[f].wins += other.factions[f].wins;
    factions[f].losses += other.factions[f].losses;
    factions[f].survivors.merge(other.factions[f].survivors);
    factions[f].damage_dealt.merge(other.factions[f].damage_dealt);
    factions[f].damage_taken.merge(other.factions[f].damage_taken);
    merge_counts(factions[f].figures, other.factions[f].figures);
    merge_histograms(factions[f].measures, other.factions[f].measures);
  }
  for (std::size_t c = 0; c < combatants.size(); ++c) {
    combatants[c].down += other.combatants[c].down;
    combatants[c].dead += other.combatants[c].dead;
    combatants[c].absent += other.combatants[c].absent;
    combatants[c].damage_dealt.merge(other.combatants[c].damage_dealt);
    combatants[c].damage_taken.merge(other.combatants[c].damage_taken);
    combatants[c].kills.merge(other.combatants[c].kills);
    combatants[c].knockouts.merge(other.combatants[c].knockouts);
    merge_counts(combatants[c].figures, other.combatants[c].figures);
    merge_histograms(combatants[c].measures, other.combatants[c].measures);
  }
}

}  // namespace arena
