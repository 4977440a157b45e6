// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>

namespace sfsim {

class SimApi;
class SimStore;

// The demo world: the plain world of simworld.h plus an account that shows every feature at
// once. For acme (enrolled in infiniband-preview): in `production` the pool "training-cluster"
// owns 2 InfiniBand nodes from a few days ago to a few days ahead and 16 for a 5-day run next
// week, a slice of which is listed for sale (a standing sell); the deployment "trainers" keeps two
// workers of the instance template "training-worker" (worker-0 and worker-1) running in the
// partition "training", on the pool's fabric; earlier orders are filled. In `research` the pool
// "inference" owns one RoCE node, runs one instance, and a procurement ("inference-keep-2") has
// kept it at two nodes of its SKU over a rolling day since a day ago; the pool "evaluation" holds
// two nodes of next week's run, moved there from "training-cluster" by an executed pool transfer.
// globex trades every day, so the orderbook has weeks of fills.
//
// Everything is done by API requests through SimApi::handle(), as a client would, while the
// virtual clock runs from `historySeconds` ago to now; the invariants of the API (a pool's
// schedule is the sum of its fills, workers sit on their partition's fabric) hold as they do for
// any client's actions.
namespace demo {

// How far back the demo's history starts.
constexpr qint64 historySeconds = 21 * 86400;

// Runs on a world that was just seeded at `now - historySeconds` (SimApi::initialize does this
// when SimOptions::demo is set) and leaves the clock at `now`. `tokens` are the seeded tokens by
// label. Returns false with a message when a step is refused.
bool seed(SimApi& api, SimStore& store, const QJsonObject& tokens, qint64 now, QString* error);

} // namespace demo

} // namespace sfsim
