// SPDX-License-Identifier: Apache-2.0

// sfsim's request handling without a socket: the dispatcher, routing, authentication, query and
// body validation and every route, on a seeded in-memory world. An input is
//     <token label> <METHOD> <path>[?query]\n<body>
// where the label is one of the seeded tokens (acme-owner, acme-viewer, acme-research-writer,
// globex-owner) or anything else for a request without a valid token. Every answer must be a
// status the API documents, with the error envelope on failures.
#include "fuzzsupport.h"
#include "fuzztargets.h"
#include "sim/http/simserver.h"
#include "sim/routes/simapi.h"
#include "sim/store/simstore.h"

#include <QJsonObject>
#include <QUrl>

#include <cstddef>
#include <cstdint>
#include <memory>

using namespace sfdesk;

using namespace sfsim;

namespace {

struct World
{
    SimStore store;
    std::unique_ptr<SimApi> api;
    QJsonObject tokens;
    int requests = 0;
};

std::unique_ptr<World> makeWorld()
{
    auto world = std::make_unique<World>();
    QString error;
    if (!world->store.open(QString(), &error))
        qFatal("cannot open the in-memory store: %s", qPrintable(error));
    SimOptions options;
    options.seed = 1;
    options.control = true;
    world->api = std::make_unique<SimApi>(world->store, options);
    bool seeded = false;
    if (!world->api->initialize(&error, &seeded))
        qFatal("cannot seed the world: %s", qPrintable(error));
    world->tokens = world->api->tokens();
    return world;
}

// Not a static object: libFuzzer ends the process with exit(), where Qt SQL's own globals may go
// first, and closing the store after them crashes or leaks. The world goes with the application
// object instead; the fuzzers' application lives to the end of the process (see FuzzSupport).
World* current = nullptr;

void dropWorld()
{
    delete current;
    current = nullptr;
}

World& world()
{
    static const bool dropsWithTheApplication = (qAddPostRoutine(dropWorld), true);
    Q_UNUSED(dropsWithTheApplication);
    // Requests change the world; start afresh now and then so the state stays small and an input's
    // effect depends on few predecessors.
    if (!current || current->requests >= 2000) {
        dropWorld();
        current = makeWorld().release();
    }
    ++current->requests;
    return *current;
}

} // namespace

void FuzzTargets::simrequest(const uint8_t* data, size_t size)
{
    if (size > size_t(SimServer::maxBodyBytes))
        return; // the HTTP layer answers 413 before the API sees the body
    FuzzSupport::ensureApplication();
    const QByteArray input(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype lineEnd = input.indexOf('\n');
    const QByteArray line = lineEnd < 0 ? input : input.left(lineEnd);
    const QList<QByteArray> words = line.split(' ');

    World& w = world();
    SimApiRequest request;
    const QString label = QString::fromUtf8(words.value(0));
    if (w.tokens.contains(label))
        request.authorization = "Bearer " + w.tokens.value(label).toString().toUtf8();
    else if (!label.isEmpty() && label != u"-")
        request.authorization = words.value(0);
    request.method = QString::fromUtf8(words.value(1));
    const QUrl url(QString::fromUtf8(words.value(2)), QUrl::TolerantMode);
    request.path = url.path(QUrl::FullyEncoded);
    request.query = QUrlQuery(url);
    request.body = lineEnd < 0 ? QByteArray() : input.mid(lineEnd + 1);
    request.fromLoopback = true;

    const ApiResponse response = w.api->handle(request);
    if (response.status < 200 || response.status > 599)
        FuzzSupport::fail("a status outside 200..599");
    if (response.status >= 400 && !response.body.value(QStringLiteral("error")).isObject())
        FuzzSupport::fail("an error without the error envelope");
    // POST /_sim/raise fails on purpose (a control route for tests of what clients see then).
    if (response.status >= 500 && request.path != QStringLiteral("/_sim/raise"))
        FuzzSupport::fail("a server error: a request reached a state the routes do not handle");
    if (w.store.inTransaction())
        FuzzSupport::fail("a request left its transaction open");
}

#ifndef SFDESK_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzTargets::simrequest(data, size);
    return 0;
}
#endif
