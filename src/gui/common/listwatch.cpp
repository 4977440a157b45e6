// SPDX-License-Identifier: Apache-2.0

#include "gui/common/listwatch.h"

#include "gui/common/viewcontext.h"

#include <QLabel>

namespace sfdesk {

ListWatch::ListWatch(ViewContext* context, QList<Session::Resource> resources, Loaded loaded, QObject* parent)
    : QObject(parent)
    , m_context(context)
    , m_resources(std::move(resources))
    , m_loaded(std::move(loaded))
{
    connect(context, &ViewContext::clientChanged, this, &ListWatch::bind);
    bind();
}

ListWatch::~ListWatch()
{
    watch(false);
}

bool ListWatch::isLoaded(Session::Resource resource) const
{
    return m_session && m_session->isLoaded(resource);
}

QString ListWatch::problems() const
{
    QStringList lines;
    for (const Session::Resource resource : m_resources)
        if (m_problems.contains(resource))
            lines << m_problems.value(resource);
    return lines.join(u'\n');
}

void ListWatch::showNote(QLabel* noteLabel, const QString& note) const
{
    const QString lists = problems();
    QString text = note;
    if (!lists.isEmpty())
        text += (note.isEmpty() ? QString() : QStringLiteral("\n")) + lists;
    noteLabel->setText(text);
    noteLabel->setVisible(!text.isEmpty());
}

void ListWatch::bind()
{
    Session* session = m_context->session();
    if (session == m_session)
        return;
    watch(false);
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_problems.clear();
    connect(session, &Session::listLoaded, this, [this](Session::Resource resource) {
        if (!m_resources.contains(resource))
            return;
        if (m_problems.remove(resource))
            Q_EMIT problemsChanged();
        if (m_loaded)
            m_loaded(resource);
    });
    connect(session, &Session::listFailed, this, [this](Session::Resource resource, const ApiError& error) {
        if (!m_resources.contains(resource))
            return;
        m_problems.insert(resource, error.message());
        Q_EMIT problemsChanged();
    });
    watch(true);
    for (const Session::Resource resource : std::as_const(m_resources))
        if (session->isLoaded(resource) && m_loaded)
            m_loaded(resource);
}

void ListWatch::watch(bool on)
{
    Session* wanted = on && m_session && m_session->canSend() ? m_session.data() : nullptr;
    if (m_watched == wanted)
        return;
    if (m_watched)
        for (const Session::Resource resource : std::as_const(m_resources))
            m_watched->unwatch(resource);
    m_watched = wanted;
    if (wanted)
        for (const Session::Resource resource : std::as_const(m_resources))
            wanted->watch(resource);
}

} // namespace sfdesk
