// Every path in the web app. They live in the contract, where the server's
// notification and e-mail links read them too; routes and links import them here.
export * from '@grantbridge/contract/app-paths';
