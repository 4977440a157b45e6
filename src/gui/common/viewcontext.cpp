#include "gui/common/viewcontext.h"

#include "core/api/apiclient.h"
#include "core/api/infinibandadapter.h"
#include "core/settings/settings.h"

#include <QTimer>

ViewContext::ViewContext(Settings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(5000);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (!m_client)
            return;
        // A first load that failed (the server was away) is tried again: until the workspaces and
        // the preview enrolment are known, the views have nothing to show.
        if (m_accountCalls == 0 && (m_enrolment == Enrolment::Unknown || m_workspaces.isEmpty()))
            refreshAccount();
        Q_EMIT pollTick();
    });
}

ViewContext::~ViewContext() = default;

QString ViewContext::workspaceReference() const
{
    for (const Workspace& workspace : m_workspaces) {
        if (workspace.name == m_workspace)
            return workspace.id.isEmpty() ? workspace.resourcePath : workspace.id;
    }
    return {};
}

void ViewContext::setClient(ApiClient* client)
{
    if (m_client)
        disconnect(m_client, &ApiClient::wrote, this, &ViewContext::dataWritten);
    m_client = client;
    if (client)
        connect(client, &ApiClient::wrote, this, &ViewContext::dataWritten);
    ++m_clientGeneration;
    m_accountCalls = 0;
    m_workspaces.clear();
    m_enrolment = Enrolment::Unknown;
    if (client)
        m_poll->start();
    else
        m_poll->stop();
    Q_EMIT clientChanged();
    Q_EMIT workspacesChanged();
    Q_EMIT enrolmentChanged();
    refreshAccount();
}

void ViewContext::setWorkspace(const QString& name)
{
    if (name.isEmpty() || name == m_workspace)
        return;
    m_workspace = name;
    Q_EMIT scopeChanged();
}

void ViewContext::setAllWorkspaces(bool all)
{
    if (all == m_allWorkspaces)
        return;
    m_allWorkspaces = all;
    Q_EMIT scopeChanged();
}

void ViewContext::refreshAccount()
{
    if (!m_client)
        return;
    m_accountCalls += 2;
    const auto answered = [this, generation = m_clientGeneration] {
        if (generation == m_clientGeneration)
            --m_accountCalls;
    };
    ApiCall* workspacesCall =
        m_client->workspaces()
            ->onSuccess<QList<Workspace>>(
                this,
                [this](const QList<Workspace>& workspaces) {
                    if (workspaces == m_workspaces)
                        return;
                    m_workspaces = workspaces;
                    const bool known =
                        std::any_of(workspaces.cbegin(), workspaces.cend(),
                                    [this](const Workspace& w) { return w.name == m_workspace; });
                    if (!known && !workspaces.isEmpty()) {
                        m_workspace = workspaces.first().name;
                        Q_EMIT scopeChanged();
                    }
                    Q_EMIT workspacesChanged();
                })
            ->onFailure(this,
                        [this](const ApiError& error) { reportError(tr("Loading workspaces"), error); });
    connect(workspacesCall, &ApiCall::finished, this, answered);
    ApiCall* flagsCall = m_client->featureFlags()
                             ->onSuccess<QList<FeatureFlag>>(
                                 this,
                                 [this](const QList<FeatureFlag>& flags) {
                                     Enrolment enrolment = Enrolment::NotSelfEnrollable;
                                     for (const FeatureFlag& flag : flags) {
                                         if (flag.name != QLatin1StringView(InfinibandAdapter::featureFlag))
                                             continue;
                                         enrolment = flag.enrolled     ? Enrolment::Enrolled
                                                     : flag.userEnroll ? Enrolment::NotEnrolled
                                                                       : Enrolment::NotSelfEnrollable;
                                     }
                                     setEnrolment(enrolment);
                                 })
                             ->onFailure(this, [this](const ApiError& error) {
                                 reportError(tr("Loading preview features"), error);
                             });
    connect(flagsCall, &ApiCall::finished, this, answered);
}

void ViewContext::enrolInfiniband()
{
    if (!m_client)
        return;
    m_client->setFeatureFlagEnrolled(QLatin1StringView(InfinibandAdapter::featureFlag), true)
        ->onSuccess<FeatureFlag>(this,
                                 [this](const FeatureFlag&) {
                                     setEnrolment(Enrolment::Enrolled);
                                     reportMessage(tr("Enrolled in the InfiniBand preview."));
                                 })
        ->onFailure(this, [this](const ApiError& error) {
            if (error.httpStatus() == 403) {
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
    m_poll->setInterval(milliseconds);
}

int ViewContext::pollInterval() const
{
    return m_poll->interval();
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
