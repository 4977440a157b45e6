// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simhttp.h"
#include "sim/resources/simresources.h"
#include "sim/routes/simrequest.h"
#include "sim/routes/simrouter.h"
#include "sim/world/simclock.h"
#include "sim/world/simoptions.h"

#include <QJsonObject>
#include <QUrl>

#include <functional>
#include <optional>

#include <functional>

namespace sfsim {

class SimImageFiles;
class SimStore;

// The routes of sfsim. handle() runs one request in one transaction of the store: it finds the
// route and its caller, moves the world to the request's time and runs the route's handler.
class SimApi final
{
    Q_DISABLE_COPY_MOVE(SimApi)

public:
    SimApi(SimStore& store, const SimOptions& options);
    ~SimApi();

    // Keeps the tokens (label: token) where their user finds them, e.g. the tokens file; false,
    // with a message, when it cannot. Runs before the store commits them, so a world whose tokens
    // were not kept is never stored.
    using TokensKeeper = std::function<bool(const QJsonObject& tokens, QString* error)>;

    // Seeds the world on first start; returns false with a message on failure. `keep` gets the
    // tokens this start learns (a new world's, an older store's hashed now) before they commit.
    bool initialize(QString* error, bool* seededNow, const TokensKeeper& keep = {});
    // The seeding of the demo world began in an earlier start and never ended (that start was
    // killed or failed): the world is half made.
    bool demoSeedingInterrupted() const { return m_demoInterrupted; }
    // The API tokens by label, when this start knows them: it seeded the world, hashed the
    // secrets of an older store, or recovered them (recoverTokens). The store keeps digests only.
    QJsonObject tokens() const;
    // Takes the candidates (label: token, e.g. from the tokens file) that match the store; every
    // token without one is replaced by a new one (its grants and idempotency keys kept), which
    // `keep` gets with the others before the store commits it. `reminted` lists their labels.
    bool recoverTokens(const QJsonObject& candidates, const TokensKeeper& keep, QStringList* reminted,
                       QString* error);
    ApiResponse handle(const SimApiRequest& request);
    SimClock& clock() { return m_clock; }

    // Where image bytes are kept and the address of the transfer listener (SimServer's).
    void setImageTransfers(SimImageFiles* files, const QUrl& transferBase)
    {
        m_resources.images().setImageTransfers(files, transferBase);
    }
    // Runs `work` in one transaction of the store at the world's time, as a route's handler runs:
    // for the transfer listener, whose requests are not API routes. A SimApiError it throws rolls
    // the transaction back and is returned.
    std::optional<SimApiError> inTransaction(const std::function<void(SimResources&, qint64 now)>& work);

    using PoolDeleteGuard = PoolRoom::PoolDeleteGuard;
    void addPoolDeleteGuard(PoolDeleteGuard guard)
    {
        m_resources.pools().addPoolDeleteGuard(std::move(guard));
    }

private:
    struct ResolvedRoute
    {
        SimRouter::Handler handler;
        QStringList params;
        Caller caller;
        std::optional<ApiResponse> immediate; // answered without the store (health checks)
    };
    // The route and its caller (401, 404 and 405 are thrown), before any write.
    ResolvedRoute resolve(const SimApiRequest& request);
    // A /_sim/ route: only with --control, only from loopback, no token.
    ResolvedRoute resolveControl(const SimApiRequest& request);
    Caller authenticate(const SimApiRequest& request);
    // handle() without its log line.
    ApiResponse answer(const SimApiRequest& request);

    SimStore& m_store;
    SimOptions m_options;
    SimClock m_clock;
    SimRouter m_router;
    // Control routes answer 404 for a method they do not serve, as for a path: they are not
    // part of the API.
    SimRouter m_controlRouter{SimRouter::UnservedMethod::NotFound};
    SimResources m_resources;
    QJsonObject m_tokens;
    bool m_demoInterrupted = false;
};

} // namespace sfsim
