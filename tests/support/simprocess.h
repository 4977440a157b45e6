// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;

namespace sfdesk {

// Runs the real sfsim executable on a free loopback port for a test, over real HTTP.
class SimProcess final
{
    Q_DISABLE_COPY_MOVE(SimProcess)

public:
    SimProcess();
    ~SimProcess();

    // Starts sfsim with these extra arguments; waits for its "listening" line. With
    // SFDESK_SIM_FAULTS set (the fault variants of the GUI tests), sfsim gets it as --faults unless
    // the arguments name faults of their own; the draws follow sfsim's fixed default --seed.
    bool start(const QStringList& extraArguments = {}, int timeoutMs = 15000);
    // Starts sfsim as start() does, but returns as soon as the process runs: before it has seeded
    // its store or listens (for tests that stop it while it starts).
    bool launch(const QStringList& extraArguments = {}, int timeoutMs = 15000);
    void stop();
    // SIGKILL, for crash-consistency tests.
    void kill();

    QUrl baseUrl() const { return m_baseUrl; }
    // The tokens file sfsim wrote, as an object (acme-owner, acme-viewer, ...).
    QJsonObject tokens() const;
    QString token(const QString& name) const;
    QString dbFile() const;
    QString tokensFile() const;
    QString errorOutput() const { return m_stderr; }
    // Everything sfsim printed on stdout since the last start().
    QByteArray standardOutput();
    QProcess& process() { return m_process; }

    // The faults sfsim was started with from SFDESK_SIM_FAULTS; empty in the clean runs.
    static QString faultsFromEnvironment();
    QString faults() const { return m_faults; }
    bool hasFaults() const { return !m_faults.isEmpty(); }
    // Sets sfsim's faults at run time (/_sim/faults; needs --control).
    bool setFaults(const QString& spec);

    // Switches the faults off while it lives, for a test's own setup and checks on the server
    // (never for what the app does); does nothing when sfsim runs without faults.
    class FaultsOff final
    {
        Q_DISABLE_COPY_MOVE(FaultsOff)
    public:
        explicit FaultsOff(SimProcess& sim);
        ~FaultsOff();

    private:
        SimProcess& m_sim;
        int m_depth;
    };

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QUrl m_baseUrl;
    QString m_stderr;
    QByteArray m_stdout;
    QString m_faults;
    int m_faultsOff = 0;
    // For /_sim/faults; one for the whole run (a QNetworkAccessManager going away waits for its thread).
    std::unique_ptr<QNetworkAccessManager> m_control;
};

} // namespace sfdesk
