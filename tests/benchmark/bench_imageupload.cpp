// SPDX-License-Identifier: Apache-2.0

// Uploading an image to sfsim on loopback against `cp` of the same file: the uploader's whole way
// (creating the image, the parts through presigned URLs three at a time, the SHA-256 on a worker
// thread, sfsim's check of it at completion), and the longest stall of the UI thread meanwhile,
// measured by the tests' event-loop watchdog with a 10 ms tick on this (the GUI) thread.
// Usage: bench_imageupload [MiB] (default 1024). Prints
//   "upload MIB mib upload_ms U cp_ms C ratio R stall_ms S (...)".
#include "core/api/apiclient.h"
#include "core/api/imageupload.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace sfdesk;

int main(int argc, char** argv)
{
    QApplication qtApp(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const qint64 mib = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1024;
    constexpr qint64 MiB = 1024 * 1024;

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("image.raw"));
    {
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly))
            return 1;
        QByteArray block(4 * MiB, Qt::Uninitialized);
        QRandomGenerator random(1);
        for (qint64 left = mib * MiB; left > 0; left -= block.size()) {
            random.fillRange(reinterpret_cast<quint32*>(block.data()), block.size() / 4);
            out.write(block.constData(), std::min<qint64>(left, block.size()));
        }
    }

    // The baseline: the same bytes copied on the same disk, from the page cache as the upload reads them.
    QElapsedTimer timer;
    timer.start();
    if (QProcess::execute(QStringLiteral("cp"), {file, dir.filePath(QStringLiteral("copy.raw"))}) != 0)
        return 1;
    const qint64 cpMs = timer.elapsed();
    QFile::remove(dir.filePath(QStringLiteral("copy.raw")));

    SimProcess sim;
    if (!sim.start()) {
        std::fprintf(stderr, "bench_imageupload: sfsim did not start: %s\n", qPrintable(sim.errorOutput()));
        return 1;
    }
    SimClient api(sim.baseUrl());
    api.setToken(sim.token(QStringLiteral("acme-owner")));
    const QString workspace =
        api.get(QStringLiteral("/preview/v2/workspaces/sfc:workspace:acme:default")).id();

    QNetworkAccessManager network;
    ApiClient client(sim.baseUrl(), &network);
    client.setToken(sim.token(QStringLiteral("acme-owner")));
    ImageUploads uploads(&client);
    EventLoopWatchdog watchdog;
    watchdog.start();
    bool done = false;
    QString failure;
    QObject::connect(&uploads, &ImageUploads::uploadCompleted, &qtApp,
                     [&done](const Image&) { done = true; });
    timer.restart();
    QString error;
    ImageUpload* upload = uploads.start(file, workspace, QStringLiteral("bench"), &error);
    if (!upload) {
        std::fprintf(stderr, "bench_imageupload: %s\n", qPrintable(error));
        return 1;
    }
    QObject::connect(upload, &ImageUpload::changed, &qtApp, [&failure, upload] {
        if (upload->state() == ImageUpload::State::Failed)
            failure = upload->problem();
    });
    if (!QTest::qWaitFor([&] { return done || !failure.isEmpty(); }, 600000) || !failure.isEmpty()) {
        std::fprintf(stderr, "bench_imageupload: the upload did not complete: %s\n", qPrintable(failure));
        return 1;
    }
    const qint64 uploadMs = timer.elapsed();
    const EventLoopWatchdog::Stall held = [&] {
        EventLoopWatchdog::Stall h;
        watchdog.takeFunctionStall(&h);
        return h;
    }();
    const EventLoopWatchdog::Stall longest = watchdog.longestStall();
    std::printf("upload %lld mib upload_ms %lld cp_ms %lld ratio %.2f stall_ms %lld held_ms %lld (%s)\n",
                static_cast<long long>(mib), static_cast<long long>(uploadMs), static_cast<long long>(cpMs),
                double(uploadMs) / double(std::max<qint64>(1, cpMs)), static_cast<long long>(longest.appMs),
                static_cast<long long>(held.appMs), qPrintable(longest.describe()));
    return 0;
}
