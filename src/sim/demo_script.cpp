#include "transit/sim/demo_script.hpp"

#include <cmath>

namespace transit {

namespace {

constexpr double kDt = 1.0 / 30.0;
constexpr double kTurnSeconds = 0.2;  // every turn is made standing, in 6 ticks
constexpr double kRunSpeed = 9.5;     // run skill 200
constexpr double kWalkSpeed = 3.12;

// Builds the player's inputs from legs between planned points, given in
// metres east and north of the village landblock's (0xA9B4) south-west
// corner. Each leg stops, turns in place to face the next point and goes
// straight for the time the distance takes at the chosen speed.
class Tour {
 public:
  Tour(double x, double y, double heading) : x_(x), y_(y), heading_(heading) {}

  void run_to(double x, double y, double extra_seconds = 0.0) {
    go_to(x, y, ForwardInput::Run, kRunSpeed, extra_seconds);
  }
  void walk_to(double x, double y, double extra_seconds = 0.0) {
    go_to(x, y, ForwardInput::Walk, kWalkSpeed, extra_seconds);
  }
  // Jumps with `extent` while keeping the current motion, then waits.
  void jump(double extent, double seconds_after) {
    add({t_, std::nullopt, std::nullopt, static_cast<float>(extent), std::nullopt});
    t_ += seconds_after;
  }
  // Keeps the current motion for a while (pushing into something, sliding).
  void keep(double seconds) { t_ += seconds; }
  void stop(double seconds) {
    add({t_, ForwardInput::Stop, std::nullopt, std::nullopt, std::nullopt});
    t_ += seconds;
  }
  // Where the character is believed to be after a leg that ended blocked.
  void now_at(double x, double y) {
    x_ = x;
    y_ = y;
  }
  double time() const { return t_; }
  std::vector<ScriptInput> inputs() const { return inputs_; }

 private:
  void add(ScriptInput input) { inputs_.push_back(input); }

  void turn_to(double heading) {
    double delta = std::fmod(heading - heading_ + 540.0, 360.0) - 180.0;
    heading_ = heading;
    if (std::fabs(delta) < 1e-3) return;
    add({t_, ForwardInput::Stop, static_cast<float>(delta / kTurnSeconds), std::nullopt,
         std::nullopt});
    t_ += kTurnSeconds;
    add({t_, std::nullopt, 0.0f, std::nullopt, std::nullopt});
  }

  void go_to(double x, double y, ForwardInput forward, double speed, double extra_seconds) {
    const double dx = x - x_, dy = y - y_;
    turn_to(std::atan2(dx, dy) * 180.0 / 3.14159265358979323846);
    add({t_, forward, std::nullopt, std::nullopt, std::nullopt});
    t_ += std::round((std::hypot(dx, dy) / speed + extra_seconds) / kDt) * kDt;
    x_ = x;
    y_ = y;
  }

  double t_ = 0.0;
  double x_, y_, heading_;
  std::vector<ScriptInput> inputs_;
};

// Over the knoll, the big hill and the second hill, down into the valley of
// the mesa landblock and into the steep slope: blocked at its foot, then a
// jump onto it and a slide north along it.
void hills_and_steep_slope(Tour& tour) {
  tour.run_to(120.0, 62.0);
  tour.run_to(120.0, 216.0);       // the knoll (0xA9B5 120, 24)
  tour.run_to(72.0, 288.0);        // the big hill's top (0xA9B5 72, 96)
  tour.run_to(156.0, 348.0);       // the second hill (0xA9B5 156, 156)
  tour.run_to(228.0, 300.0);       // the valley (0xAAB5 36, 108)
  tour.run_to(240.0, 312.0, 0.8);  // the foot of the steep slope (0xAAB5 x 48)
  tour.jump(0.5, 3.2);
  tour.stop(2.0);
  tour.now_at(238.9, 337.0);  // where the slide ends
}

// Back to the village, in by the front door, through the hall into the stair
// hall, up the stairs, along the gallery into the upper room, out onto the
// balcony and off it with a running jump.
void house_and_balcony(Tour& tour) {
  tour.run_to(125.0, 95.0);
  tour.run_to(118.0, 62.0);
  tour.run_to(103.0, 62.0);
  tour.walk_to(103.0, 73.0);  // through the front door into the hall
  tour.walk_to(109.0, 73.0);  // through the hall door into the stair hall
  tour.walk_to(112.5, 71.3);  // the foot of the stairs
  tour.walk_to(112.5, 78.5);  // up twelve steps to the landing, 3 m up
  tour.walk_to(103.0, 78.5);  // the gallery and the upper room
  tour.walk_to(103.0, 81.0);  // out through the balcony door
  tour.run_to(103.0, 81.3);
  tour.jump(1.0, 2.0);
  tour.stop(1.0);
  tour.now_at(103.0, 103.0);  // where the jump ends
}

// Into the mosswart, into the free-standing wall, then across the village
// and the pond's shore into the water.
void creature_wall_and_pond(Tour& tour) {
  tour.run_to(129.4, 88.0, 0.6);  // the mosswart (r 0.6 at 130, 88)
  tour.stop(0.3);
  tour.now_at(131.2, 88.0);      // slid round it
  tour.run_to(131.2, 92.0);      // clear of it
  tour.run_to(77.0, 99.6, 0.3);  // into the wall's south face (y 99.75)
  tour.stop(0.3);
  tour.run_to(205.0, 78.0);   // the pond's shore (0xAAB4 13, 78)
  tour.walk_to(240.0, 72.0);  // into the pond (0xAAB4 48, 72)
  tour.stop(1.0);
}

}  // namespace

ScriptDesc make_demo_script() {
  Tour tour(103.0, 60.0, 0.0);  // the demo world's player, facing the house
  hills_and_steep_slope(tour);
  house_and_balcony(tour);
  creature_wall_and_pond(tour);
  ScriptDesc script;
  script.dt = kDt;
  script.duration = std::ceil(tour.time());
  script.inputs[kDemoCharacter] = tour.inputs();
  return script;
}

}  // namespace transit
