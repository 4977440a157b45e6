// SPDX-License-Identifier: Apache-2.0

#include "gui/common/viewcontext.h"

#include "core/api/infinibandadapter.h"
#include "core/models/session.h"
#include "core/models/workspacemodel.h"
#include "core/settings/settings.h"

#include <algorithm>

namespace sfdesk {

ViewContext::ViewContext(Settings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_offline(std::make_unique<Session>(nullptr))
{
    // The scope the user last chose, across restarts.
    if (const auto scope = settings->scope()) {
        if (!scope->workspace.isEmpty())
            m_workspace = scope->workspace;
        m_allWorkspaces = scope->allWorkspaces;
    }
    bindSession(m_offline.get());
}

bool ViewContext::hasRememberedScope() const
{
    return m_settings->scope().has_value();
}

ViewContext::~ViewContext()
{
    if (m_session && m_session != m_offline.get())
        bindSession(m_offline.get());
}

QString ViewContext::workspaceReference() const
{
    for (const Workspace& workspace : m_workspaces) {
        if (workspace.name == m_workspace)
            return workspace.id.isEmpty() ? workspace.resourcePath : workspace.id;
    }
    return {};
}

bool ViewContext::inChosenWorkspace(const QString& workspaceId, const QString& workspaceName) const
{
    if (!workspaceId.isEmpty())
        return workspaceId == workspaceReference();
    return workspaceName == m_workspace;
}

void ViewContext::setClient(ApiClient* client)
{
    std::unique_ptr<Session> previous = std::move(m_own);
    if (client) {
        m_own = std::make_unique<Session>(client);
        m_own->start();
    }
    setSession(m_own.get());
}

void ViewContext::setSession(Session* session)
{
    bindSession(session ? session : m_offline.get());
    Q_EMIT clientChanged();
    Q_EMIT workspacesChanged();
    Q_EMIT enrolmentChanged();
}

void ViewContext::bindSession(Session* session)
{
    if (m_session == session)
        return;
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        m_session->unwatch(Session::Resource::Workspaces);
        m_session->unwatch(Session::Resource::FeatureFlags);
    }
    m_session = session;
    if (session != m_offline.get() && session != m_own.get()) {
        // The connection went before it said so: not connected, rather than a dangling session.
        connect(session, &QObject::destroyed, this, [this] { setSession(nullptr); });
    }
    m_workspaces.clear();
    m_enrolment = Enrolment::Unknown;
    session->setInterval(std::chrono::milliseconds(m_pollInterval));
    connect(session, &Session::listLoaded, this, [this](Session::Resource resource) {
        if (resource == Session::Resource::Workspaces)
            readWorkspaces();
    });
    connect(session, &Session::featureFlagsChanged, this, &ViewContext::readFeatureFlags);
    connect(session, &Session::listFailed, this, [this](Session::Resource resource, const ApiError& error) {
        if (resource == Session::Resource::Workspaces)
            reportError(tr("Loading workspaces"), error);
        else if (resource == Session::Resource::FeatureFlags)
            reportError(tr("Loading preview features"), error);
    });
    connect(session, &Session::wrote, this, &ViewContext::dataWritten);
    // The account's workspaces and preview enrolment are what every view needs first.
    session->watch(Session::Resource::Workspaces);
    session->watch(Session::Resource::FeatureFlags);
    if (session->isLoaded(Session::Resource::Workspaces))
        readWorkspaces();
    if (session->featureFlagsKnown())
        readFeatureFlags();
    updateScope();
}

void ViewContext::readWorkspaces()
{
    QList<Workspace> workspaces;
    for (const Workspace& workspace : m_session->workspaces()->rows())
        workspaces.append(workspace);
    if (workspaces == m_workspaces)
        return;
    m_workspaces = workspaces;
    const bool known = std::any_of(workspaces.cbegin(), workspaces.cend(),
                                   [this](const Workspace& w) { return w.name == m_workspace; });
    if (!known && !workspaces.isEmpty()) {
        m_workspace = workspaces.first().name;
        updateScope();
        Q_EMIT scopeChanged();
    } else {
        updateScope();
    }
    Q_EMIT workspacesChanged();
}

void ViewContext::readFeatureFlags()
{
    Enrolment enrolment = Enrolment::NotSelfEnrollable;
    if (const auto flag = m_session->featureFlag(QLatin1StringView(InfinibandAdapter::featureFlag))) {
        enrolment = flag->enrolled     ? Enrolment::Enrolled
                    : flag->userEnroll ? Enrolment::NotEnrolled
                                       : Enrolment::NotSelfEnrollable;
    }
    setEnrolment(enrolment);
}

void ViewContext::updateScope()
{
    m_session->setScope(listWorkspace(), scopeKnown());
}

void ViewContext::setWorkspace(const QString& name)
{
    if (name.isEmpty() || name == m_workspace)
        return;
    m_workspace = name;
    m_settings->setScope({m_workspace, m_allWorkspaces});
    updateScope();
    Q_EMIT scopeChanged();
}

void ViewContext::setAllWorkspaces(bool all)
{
    if (all == m_allWorkspaces)
        return;
    m_allWorkspaces = all;
    m_settings->setScope({m_workspace, m_allWorkspaces});
    updateScope();
    Q_EMIT scopeChanged();
}

void ViewContext::refreshAccount()
{
    m_session->refresh(Session::Resource::Workspaces);
    m_session->refresh(Session::Resource::FeatureFlags);
}

void ViewContext::enrolInfiniband()
{
    if (!m_session->canSend())
        return;
    m_session->setFeatureFlagEnrolled(QLatin1StringView(InfinibandAdapter::featureFlag), true)
        .onSuccess(this,
                   [this](const FeatureFlag&) {
                       setEnrolment(Enrolment::Enrolled);
                       reportMessage(tr("Enrolled in the InfiniBand preview."));
                   })
        .onFailure(this, [this](const ApiError& error) {
            if (error.reason() == ApiError::Reason::Forbidden
                || error.reason() == ApiError::Reason::NotEnrolled) {
                setEnrolment(Enrolment::NotSelfEnrollable);
                Q_EMIT enrolmentFailed(
                    tr("SF Compute has to enable the InfiniBand preview for this account: it cannot be "
                       "turned on from here (%1). Contact SF Compute and they will set you up.")
                        .arg(error.serverMessage().isEmpty() ? error.message() : error.serverMessage()));
                return;
            }
            Q_EMIT enrolmentFailed(error.message());
            reportError(tr("Enrolling in the InfiniBand preview"), error);
        });
}

void ViewContext::setPollInterval(int milliseconds)
{
    m_pollInterval = milliseconds;
    m_session->setInterval(std::chrono::milliseconds(milliseconds));
}

void ViewContext::reportError(const QString& action, const ApiError& error)
{
    if (error.kind() == ApiError::Kind::Cancelled)
        return;
    if (error.isFeatureNotEnabled())
        noteFeatureNotEnabled();
    Q_EMIT statusMessage(tr("%1 failed: %2").arg(action, error.message()));
}

void ViewContext::reportMessage(const QString& message)
{
    Q_EMIT statusMessage(message);
}

void ViewContext::noteFeatureNotEnabled()
{
    if (m_enrolment == Enrolment::Enrolled || m_enrolment == Enrolment::Unknown)
        setEnrolment(Enrolment::NotEnrolled);
}

void ViewContext::setEnrolment(Enrolment enrolment)
{
    if (enrolment == m_enrolment)
        return;
    m_enrolment = enrolment;
    Q_EMIT enrolmentChanged();
}

void ViewContext::setCloudInitSource(CloudInitSource source)
{
    m_cloudInitSource = std::move(source);
}

std::optional<ViewContext::CloudInitDraft> ViewContext::cloudInitDraft() const
{
    if (!m_cloudInitSource)
        return std::nullopt;
    return m_cloudInitSource();
}

} // namespace sfdesk
