// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>
#include <QPointer>
#include <QtConcurrentRun>

#include <functional>

namespace sfdesk {

// A check of what the user is editing, run off the UI thread (a large document must not stall
// typing), one run at a time, showing only a verdict on the newest input: a result for an input
// changed since would point at the wrong places. A request while a run is going starts one more
// run when it ends, on the input as it is then.
//
// prepare() runs on the UI thread when a run starts: it captures the input and returns the work
// for the worker thread. show() gets the result on the UI thread, unless the input changed since.
template <typename Result> class BackgroundCheck final
{
public:
    using Work = std::function<Result()>;

    BackgroundCheck(QObject* context, std::function<Work()> prepare, std::function<void(const Result&)> show)
        : m_context(context)
        , m_prepare(std::move(prepare))
        , m_show(std::move(show))
    {}
    Q_DISABLE_COPY_MOVE(BackgroundCheck)

    // The input changed: a run started before this shows nothing.
    void inputChanged() { ++m_revision; }
    // Checks now, or when the run in progress ends.
    void run()
    {
        m_pending = true;
        if (!m_running)
            start();
    }
    bool isRunning() const { return m_running; }
    // The verdict shown is of the input as it is.
    bool isCurrent() const { return m_shownRevision == m_revision; }

private:
    void start()
    {
        m_pending = false;
        m_running = true;
        const quint64 revision = m_revision;
        // The continuation runs only while the context lives, and this check is part of it.
        QtConcurrent::run(m_prepare()).then(m_context, [this, revision](const Result& result) {
            m_running = false;
            if (revision == m_revision) {
                m_shownRevision = revision;
                m_show(result);
            }
            if (m_pending)
                start();
        });
    }

    QObject* m_context;
    std::function<Work()> m_prepare;
    std::function<void(const Result&)> m_show;
    quint64 m_revision = 0;
    quint64 m_shownRevision = 0;
    bool m_running = false;
    bool m_pending = false;
};

} // namespace sfdesk
