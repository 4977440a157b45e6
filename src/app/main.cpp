#include "core/api/apiclient.h"
#include "core/appinfo.h"
#include "core/models/activitymodel.h"
#include "core/models/connectionstatus.h"
#include "core/models/session.h"
#include "core/settings/credentials.h"
#include "core/settings/keychainsecretstore.h"
#include "core/settings/settings.h"
#include "gui/availability/availabilityview.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/common/viewcontext.h"
#include "gui/images/imagesview.h"
#include "gui/instances/instancesview.h"
#include "gui/mainwindow/activitypanel.h"
#include "gui/mainwindow/mainwindow.h"
#include "gui/mainwindow/sectionicons.h"
#include "gui/orders/orderspage.h"
#include "gui/partitions/partitionsview.h"
#include "gui/pools/poolsview.h"
#include "gui/reservations/apimarketbackend.h"
#include "gui/reservations/reservationspage.h"
#include "gui/theme/theme.h"
#include "sim/simserver.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QPointer>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTextDocument>
#include <QTimer>
#include <QTranslator>
#include <QWindow>

#include <cstdio>
#include <functional>
#include <memory>

namespace {

void installTranslations(QApplication& app, const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto* own = new QTranslator(&app);
    // A language without a catalogue, and the C locale, still get the English plural forms.
    if (own->load(locale, QStringLiteral("sfdesk"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || own->load(QStringLiteral("sfdesk_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

// Calls done(true) once the window is on screen, done(false) after a timeout.
void whenExposed(MainWindow& window, std::function<void(bool)> done)
{
    auto* timer = new QTimer(&window);
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    QObject::connect(timer, &QTimer::timeout, &window, [&window, timer, started, done = std::move(done)] {
        const QWindow* handle = window.windowHandle();
        if (window.isVisible() && handle && handle->isExposed()) {
            timer->stop();
            done(true);
        } else if (started->elapsed() > 10000) {
            timer->stop();
            done(false);
        }
    });
    timer->start(20);
}

struct Options
{
    QCommandLineOption selfTest{QStringLiteral("self-test"),
                                QCoreApplication::translate("main", "Open the main window, check that it is "
                                                                    "shown and exit.")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QCoreApplication::translate("main", "Render the main window to a PNG file "
                                                                      "and exit."),
                                  QStringLiteral("file")};
    QCommandLineOption section{QStringLiteral("section"),
                               QCoreApplication::translate("main", "Open this section of the sidebar."),
                               QStringLiteral("id")};
    QCommandLineOption colorScheme{QStringLiteral("color-scheme"),
                                   QCoreApplication::translate("main", "Use a light or dark palette for this "
                                                                       "run (system, light, dark)."),
                                   QStringLiteral("scheme")};
    QCommandLineOption server{QStringLiteral("server"),
                              QCoreApplication::translate("main",
                                                          "Connect to this SF Compute API server; the "
                                                          "token comes from SF_API_KEY or "
                                                          "SF_BEARER_TOKEN."),
                              QStringLiteral("url")};

    explicit Options(QCommandLineParser& parser)
    {
        parser.setApplicationDescription(
            QCoreApplication::translate("main", "Desktop client for SF Compute: InfiniBand partitions, "
                                                "reservation planning and cloud-init."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({selfTest, screenshot, section, colorScheme, server});
    }
};

// --help and --version only print; they work without a display (a terminal over ssh). --help-all
// lists the GUI toolkit's options too, which only a GUI application object knows.
bool onlyPrints(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "-?" || arg == "--version" || arg == "-v")
            return true;
    }
    return false;
}

} // namespace

int main(int argc, char* argv[])
{
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        AppInfo::applyIdentity(app);
        QCommandLineParser parser;
        const Options printed(parser);
        parser.process(app); // prints and exits
        return 0;
    }

    QApplication app(argc, argv);
    AppInfo::applyIdentity(app);
    QGuiApplication::setDesktopFileName(QLatin1StringView(AppInfo::desktopFileName));

    QCommandLineParser parser;
    const Options commandLine(parser);
    const QCommandLineOption& selfTest = commandLine.selfTest;
    const QCommandLineOption& screenshot = commandLine.screenshot;
    const QCommandLineOption& section = commandLine.section;
    const QCommandLineOption& colorScheme = commandLine.colorScheme;
    const QCommandLineOption& server = commandLine.server;
    parser.process(app);

    Settings settings;
    installTranslations(app, settings.language());

    Theme theme(&settings);
    if (parser.isSet(colorScheme)) {
        const QString value = parser.value(colorScheme).toLower();
        if (value == u"dark")
            theme.setOverride(Settings::ColorScheme::Dark);
        else if (value == u"light")
            theme.setOverride(Settings::ColorScheme::Light);
        else if (value != u"system") {
            std::fprintf(stderr, "sfdesk: --color-scheme: expected system, light or dark\n");
            return 2;
        }
    }
    theme.apply();

    // Outlive the window, whose views and panels hold them.
    ViewContext context(&settings);
    ActivityModel activity;
    // Declared in this order so that they go away in reverse: the window and its views first (they
    // hold the client), then the session, the client and last the simulator.
    QNetworkAccessManager network;
    KeychainSecretStore secrets(QStringLiteral("sfdesk"));
    std::unique_ptr<SimServer> simulator;
    std::unique_ptr<ApiClient> client;
    std::unique_ptr<Session> session;
    MainWindow window(&settings);
    // The connection: the profile in settings, or on first start the embedded simulator.
    QNetworkProxyFactory::setUseSystemConfiguration(true);
    if (settings.profiles().isEmpty())
        settings.saveProfile(ConnectionProfile::localSimulator());
    ConnectionProfile profile = settings.currentProfile();
    if (parser.isSet(server)) {
        const QUrl url = QUrl::fromUserInput(parser.value(server));
        QString why;
        if (!ApiClient::isAllowedServerUrl(url, &why)) {
            std::fprintf(stderr, "sfdesk: --server: %s\n", qPrintable(why));
            return 2;
        }
        profile = ConnectionProfile::custom(url.toDisplayString(), url);
    }
    if (profile.kind == ConnectionProfile::Kind::LocalSimulator) {
        const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dataDir);
        SimOptions options;
        options.port = 0;
        options.dbFile = QDir(dataDir).filePath(QStringLiteral("sfsim.db"));
        options.tokensFile = QDir(dataDir).filePath(QStringLiteral("sfsim-tokens.json"));
        simulator = std::make_unique<SimServer>(options);
        QString error;
        if (simulator->start(&error)) {
            client = std::make_unique<ApiClient>(simulator->baseUrl(), &network);
            client->setToken(simulator->tokens().value(u"acme-owner").toString());
            window.setConnectionText(profile.name, simulator->baseUrl().toString());
        } else {
            window.setConnectionText(
                QCoreApplication::translate("main", "%1 (not running)").arg(profile.name), error);
            simulator.reset();
        }
    } else {
        client = std::make_unique<ApiClient>(profile.url, &network);
        window.setConnectionText(profile.name, profile.url.toString());
    }
    QObject::connect(&context, &ViewContext::statusMessage, &window,
                     [&window](const QString& message) { window.statusBar()->showMessage(message, 15000); });
    window.addSection(QStringLiteral("availability"), SectionIcons::icon(QStringLiteral("availability")),
                      QCoreApplication::translate("main", "Availability"), new AvailabilityView(&context));
    window.addSection(QStringLiteral("pools"), SectionIcons::icon(QStringLiteral("pools")),
                      QCoreApplication::translate("main", "Pools"), new PoolsView(&context));
    window.addSection(QStringLiteral("instances"), SectionIcons::icon(QStringLiteral("instances")),
                      QCoreApplication::translate("main", "Instances"), new InstancesView(&context));
    window.addSection(QStringLiteral("partitions"), SectionIcons::icon(QStringLiteral("partitions")),
                      QCoreApplication::translate("main", "InfiniBand Partitions"),
                      new PartitionsView(&context));
    // Null without a connection: the pages say so.
    auto* market = client ? new ApiMarketBackend(client.get(), &window) : nullptr;
    window.addSection(QStringLiteral("reservations"), SectionIcons::icon(QStringLiteral("reservations")),
                      QCoreApplication::translate("main", "Reservations"), new ReservationsPage(market));
    window.addSection(QStringLiteral("orders"), SectionIcons::icon(QStringLiteral("orders")),
                      QCoreApplication::translate("main", "Orders"), new OrdersPage(market, &settings));
    window.addSection(QStringLiteral("images"), SectionIcons::icon(QStringLiteral("images")),
                      QCoreApplication::translate("main", "Images"), new ImagesView(&context));
    auto* cloudInit = new CloudInitPage(&window);
    window.addSection(QStringLiteral("cloudinit"), SectionIcons::icon(QStringLiteral("cloudinit")),
                      QCoreApplication::translate("main", "Cloud-init"), cloudInit);
    // The instance wizard can take its user data from the editor.
    context.setCloudInitSource([page = QPointer<CloudInitPage>(cloudInit)] {
        ViewContext::CloudInitDraft draft;
        if (!page)
            return draft;
        const bool saved = !page->fileName().isEmpty() && !page->editor()->document()->isModified();
        draft.title = page->fileName().isEmpty()
                          ? QCoreApplication::translate("main", "the Cloud-init editor")
                          : QFileInfo(page->fileName()).fileName();
        draft.savedFile = saved ? page->fileName() : QString();
        draft.userData = page->userData().toUtf8();
        return draft;
    });
    activity.setClient(client.get());
    window.addPanel(QStringLiteral("activityPanel"), QCoreApplication::translate("main", "Activity"),
                    new ActivityPanel(&activity), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    if (parser.isSet(section) && !window.setCurrentSection(parser.value(section))) {
        std::fprintf(stderr, "sfdesk: --section: unknown section '%s' (known: %s)\n",
                     qPrintable(parser.value(section)), qPrintable(window.sectionIds().join(u", ")));
        return 2;
    }
    if (client) {
        session = std::make_unique<Session>(client.get());
        Session* live = session.get();
        const QString serverUrl = client->baseUrl().toDisplayString();
        QObject::connect(
            live->status(), &ConnectionStatus::changed, &window, [&window, live, profile, serverUrl] {
                const ConnectionStatus* status = live->status();
                // Says what state the connection is in; the tooltip has the server and the details.
                QString state;
                if (status->hasError())
                    state =
                        QCoreApplication::translate("main", "%1 · %2").arg(profile.name, status->summary());
                else if (status->lastUpdated().isValid())
                    state = QCoreApplication::translate("main", "%1 · connected").arg(profile.name);
                else
                    state = QCoreApplication::translate("main", "%1 · connecting…").arg(profile.name);
                window.setConnectionText(
                    state, QCoreApplication::translate("main", "%1\n%2").arg(serverUrl, status->summary()));
            });
        if (profile.kind == ConnectionProfile::Kind::LocalSimulator) {
            context.setClient(client.get());
            live->start();
        } else {
            ApiClient* api = client.get();
            Credentials::tokenFor(
                profile, &secrets, QProcessEnvironment::systemEnvironment(), &window,
                [&window, &secrets, &context, api, live, profile](const Credentials::Token& token) {
                    api->setToken(token.value);
                    context.setClient(api);
                    if (!token.error.isEmpty() || !secrets.isPersistent())
                        window.setConnectionText(
                            profile.name, token.error.isEmpty() ? secrets.unavailableReason() : token.error);
                    live->start();
                });
        }
    }
    window.show();

    if (parser.isSet(selfTest)) {
        whenExposed(window, [&window](bool shown) {
            std::fprintf(stderr, "sfdesk self-test: main window %s\n", shown ? "shown" : "NOT shown");
            window.close();
            QCoreApplication::exit(shown ? 0 : 1);
        });
        return QApplication::exec();
    }
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        whenExposed(window, [&window, file](bool shown) {
            // Let layouts and deferred paints settle before grabbing.
            QTimer::singleShot(300, &window, [&window, file, shown] {
                const bool saved = shown && window.grab().save(file, "PNG");
                if (!saved)
                    std::fprintf(stderr, "sfdesk: could not write the screenshot to %s\n", qPrintable(file));
                window.close();
                QCoreApplication::exit(saved ? 0 : 1);
            });
        });
        return QApplication::exec();
    }
    return QApplication::exec();
}
